// The beacon's path on the HTTP side: check it, drop bots, turn the viewer into the day's visitor
// hash, and put it on the ingestion queue. Nothing touches the table here, so a spike of page views
// costs the table nothing until the worker folds a batch of them into a few counter writes.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Beacon } from '../../shared/analytics';
import type { Role } from '../../shared/roles';
import { sqs } from '../platform/clients';
import { env } from '../platform/env';
import { isBotAgent, utcDay, visitorHash } from './visitor';

/** What the worker receives: the beacon, whose visitor it is, when, and whether staff sent it. */
export interface BeaconMessage extends Beacon {
  visitor: string;
  day: string;
  /** Epoch seconds, as the edge received it (the browser's clock is not trusted). */
  at: number;
  staff: boolean;
}

export interface Sender {
  address: string;
  userAgent: string;
  /** The roles of a signed-in sender, when there is one. */
  roles?: readonly Role[];
}

/** The message for a beacon, or undefined when it is a bot's. */
export function beaconMessage(beacon: Beacon, sender: Sender, key: string, nowMs = Date.now()): BeaconMessage | undefined {
  if (isBotAgent(sender.userAgent)) return undefined;
  const day = utcDay(nowMs);
  return {
    ...beacon,
    visitor: visitorHash(key, day, sender),
    day,
    at: Math.floor(nowMs / 1000),
    staff: (sender.roles ?? []).length > 0,
  };
}

export async function enqueue(message: BeaconMessage): Promise<void> {
  await sqs().send(new SendMessageCommand({ QueueUrl: env('ANALYTICS_QUEUE_URL'), MessageBody: JSON.stringify(message) }));
}
