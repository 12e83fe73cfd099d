// The beacon's path on the HTTP side: check it, mark bots, turn the viewer into the day's visitor
// and source hashes, and put it on the ingestion queue. Nothing touches the table here, so a spike of
// page views costs the table nothing until the worker folds a batch of them into a few writes; a
// bot's beacon goes there too, only to be tallied as discarded (the master sees how many).
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Beacon } from '../../shared/analytics';
import type { Role } from '../../shared/roles';
import { sqs } from '../platform/clients';
import { env } from '../platform/env';
import { isBotAgent, sourceHash, utcDay, visitorHash } from './visitor';

/** What the worker receives: the beacon, whose visitor it is, from which address, when, and whether staff or a bot sent it. */
export interface BeaconMessage extends Beacon {
  visitor: string;
  /** The hash of the sender's address group for the day (sourceHash): what the caps key on. */
  source: string;
  day: string;
  /** Epoch seconds, as the edge received it (the browser's clock is not trusted). */
  at: number;
  staff: boolean;
  /** A crawler's or a script's user-agent: discarded by the worker, only tallied. */
  bot: boolean;
}

export interface Sender {
  address: string;
  userAgent: string;
  /** The roles of a signed-in sender, when there is one. */
  roles?: readonly Role[];
}

/** The message for a beacon. */
export function beaconMessage(beacon: Beacon, sender: Sender, key: string, nowMs = Date.now()): BeaconMessage {
  const day = utcDay(nowMs);
  return {
    ...beacon,
    visitor: visitorHash(key, day, sender),
    source: sourceHash(key, day, sender.address),
    day,
    at: Math.floor(nowMs / 1000),
    staff: (sender.roles ?? []).length > 0,
    bot: isBotAgent(sender.userAgent),
  };
}

export async function enqueue(message: BeaconMessage): Promise<void> {
  await sqs().send(new SendMessageCommand({ QueueUrl: env('ANALYTICS_QUEUE_URL'), MessageBody: JSON.stringify(message) }));
}
