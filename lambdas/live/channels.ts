// What is pushed where: one entry per event of another context that goes live to a channel, and who
// of the channel's connections may receive it, checked again at every delivery (roles change; a
// subscription lasts as long as its connection). Adding a live event is adding one entry here; the
// fan-out pipeline's rule follows. No AWS SDK here: the contract builds the pattern from this list.
import { articleChannel, userChannel } from '../../shared/live';
import { EDITORIAL_EVENTS } from '../editorial/public';
import { NOTIFICATION_EVENTS } from '../notifications/public';
import type { EventPattern } from '../platform/contract';
import type { EventCatalogue, EventDetail } from '../platform/domain-events';

/**
 * Who of a channel's members may receive the event: `user` — the channel's own user only (user
 * channels); `article-editors` — those who may edit the article now (its author, editors, the master).
 */
export type Audience = { kind: 'user'; userId: string } | { kind: 'article-editors'; articleId: string };

export interface LiveRoute {
  channel: string;
  audience: Audience;
  /** What the browser receives as the event's detail. */
  detail: Record<string, unknown>;
}

export interface LiveSource {
  name: string;
  catalogue: EventCatalogue;
  route: (detail: never) => LiveRoute;
  /** Users whose name and avatar the browser shows with the event: the worker adds them as `people`. */
  people?: (detail: never) => string[];
}

function live<C extends EventCatalogue, N extends keyof C & string>(
  catalogue: C,
  name: N,
  route: (detail: EventDetail<C, N>) => LiveRoute,
  people?: (detail: EventDetail<C, N>) => string[],
): LiveSource {
  return { name, catalogue, route: route as (detail: never) => LiveRoute, people: people as ((detail: never) => string[]) | undefined };
}

/** An event about an article's internal discussion: to those who may edit the article. */
export const toArticleEditors = (detail: { article_id: string } & Record<string, unknown>): LiveRoute => ({
  channel: articleChannel(detail.article_id),
  audience: { kind: 'article-editors', articleId: detail.article_id },
  detail,
});

export const LIVE_SOURCES: readonly LiveSource[] = [
  live(NOTIFICATION_EVENTS, 'NotificationCreated', (detail) => ({
    channel: userChannel(detail.user_id),
    audience: { kind: 'user', userId: detail.user_id },
    detail: { notification: detail.notification },
  })),
  // With its writer's name and avatar, so the browser shows it as the API lists it.
  live(EDITORIAL_EVENTS, 'InternalCommentAdded', toArticleEditors, (detail) => [detail.user_id]),
  live(EDITORIAL_EVENTS, 'InternalCommentDeleted', toArticleEditors),
];

export const LIVE_CATALOGUE: EventCatalogue = Object.fromEntries(LIVE_SOURCES.map((entry) => [entry.name, entry.catalogue[entry.name]!]));
export const LIVE_NAMES: readonly string[] = LIVE_SOURCES.map((entry) => entry.name);

/** The rule of the fan-out pipeline: every live event, by source and detail-type. */
export const LIVE_PATTERN: EventPattern = {
  source: [...new Set(LIVE_SOURCES.map((entry) => entry.catalogue[entry.name]!.source))],
  'detail-type': [...LIVE_NAMES],
};

export const liveSourceNamed = (name: string): LiveSource | undefined => LIVE_SOURCES.find((entry) => entry.name === name);
