// The fan-out worker: each live event (channels.ts) is posted to every connection of its channel
// whose user may receive it, checked now; a connection that is gone (410) is forgotten with its
// channels. A post that fails otherwise is logged and not retried: a redelivery would repeat the
// message to the connections that did get it, and the browser refetches on reconnect anyway.
import { ARTICLE_MESSAGES } from '../../shared/articles';
import type { LiveEvent, LivePerson } from '../../shared/live';
import { usersWhoMayEdit } from '../articles/public';
import { batchRead } from '../platform/dynamo-batch';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { authorProfiles } from '../users/public';
import { LIVE_CATALOGUE, LIVE_NAMES, liveSourceNamed, type Audience } from './channels';
import { closeConnection, membersOf, type Member } from './connections';
import { postToConnection } from './push';

/** The members who may receive an event for this audience. */
async function allowed(members: Member[], audience: Audience): Promise<Member[]> {
  if (audience.kind === 'user') return members.filter((member) => member.user_id === audience.userId);
  const editors = await usersWhoMayEdit(audience.articleId, members.map((member) => member.user_id));
  return members.filter((member) => editors.has(member.user_id));
}

/** Names and avatars of these users (a profile that is gone shows as the anonymous author), in one BatchGet. */
async function peopleOf(userIds: string[]): Promise<Record<string, LivePerson>> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return {};
  const { profiles } = await batchRead({ profiles: authorProfiles(unique) });
  return Object.fromEntries(
    unique.map((userId) => [userId, { full_name: profiles.get(userId)?.full_name || ARTICLE_MESSAGES.anonymousAuthor, avatar_url: profiles.get(userId)?.avatar_url ?? '' }]),
  );
}

/** Pushes one event to its channel; returns how many connections got it. */
export async function fanOut(name: string, detail: unknown): Promise<number> {
  const source = liveSourceNamed(name);
  if (!source) throw new Error(`no live route for ${name}`);
  const route = source.route(detail as never);
  const members = await allowed(await membersOf(route.channel), route.audience);
  if (!members.length) return 0;
  const people = source.people ? { people: await peopleOf(source.people(detail as never)) } : {};
  const message: LiveEvent = { type: 'event', channel: route.channel, name, detail: { ...route.detail, ...people } };
  const outcomes = await Promise.all(
    members.map(async (member) => {
      try {
        const outcome = await postToConnection(member.connection_id, message);
        if (outcome === 'gone') await closeConnection(member.connection_id);
        return outcome;
      } catch (error) {
        logger.warn('live: post failed', { error, connectionId: member.connection_id });
        return 'failed' as const;
      }
    }),
  );
  const sent = outcomes.filter((outcome) => outcome === 'sent').length;
  metrics.addMetric('LiveMessagesSent', MetricUnit.Count, sent);
  logger.info('live: fan-out', { event: name, channel: route.channel, members: members.length, sent });
  return sent;
}

export const handler = eventWorker(LIVE_CATALOGUE, LIVE_NAMES, async (detail, _context, event) => {
  await fanOut(event.name, detail);
});
