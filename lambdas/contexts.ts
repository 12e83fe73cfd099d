// The one typed list of bounded contexts. The CDK stack, the local runtime and the outbox read it:
// adding a context is adding its folder (with contract.ts) and one line here.
import { contract as analysis } from './analysis/contract';
import { contract as analytics } from './analytics/contract';
import { contract as applications } from './applications/contract';
import { contract as articles } from './articles/contract';
import { contract as audit } from './audit/contract';
import { contract as editorial } from './editorial/contract';
import { contract as events } from './events/contract';
import { contract as feeds } from './feeds/contract';
import { contract as imports } from './imports/contract';
import { contract as live } from './live/contract';
import { contract as mail } from './mail/contract';
import { contract as media } from './media/contract';
import { contract as menu } from './menu/contract';
import { contract as newsletter } from './newsletter/contract';
import { contract as notifications } from './notifications/contract';
import { contract as operations } from './operations/contract';
import { contract as pages } from './pages/contract';
import { contract as payments } from './payments/contract';
import { contract as privacy } from './privacy/contract';
import { contract as quality } from './quality/contract';
import { contract as search } from './search/contract';
import { routesOf, type ApiRoute, type QueueSpec, type ScheduleSpec, type WorkerSpec } from './platform/contract';
import type { ChangeMapper, EventCatalogue } from './platform/domain-events';
import { contract as storyboard } from './storyboard/contract';
import { contract as system } from './system/contract';
import { contract as users } from './users/contract';

export const CONTEXTS = [system, users, articles, editorial, media, mail, feeds, pages, notifications, live, analysis, applications, quality, audit, menu, payments, storyboard, events, newsletter, analytics, imports, search, privacy, operations] as const;

export type Context = (typeof CONTEXTS)[number];
export type ContextName = Context['name'];

/** Every HTTP route, each served by its context's Lambda (lambdas/<context>/http.ts). */
export const API_ROUTES: readonly ApiRoute[] = CONTEXTS.flatMap(routesOf);

export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The contexts that own HTTP routes: one Lambda each. */
export const HTTP_CONTEXTS: readonly ContextName[] = CONTEXTS.filter((context) => Object.keys(context.routes).length > 0).map(
  (context) => context.name,
);

export interface Pipeline extends WorkerSpec {
  context: ContextName;
}

/** Every event pipeline: EventBridge rule -> SQS queue (+DLQ) -> the worker of the context that consumes it. */
export const PIPELINES: readonly Pipeline[] = CONTEXTS.flatMap((context) =>
  context.workers.map((worker) => ({ ...worker, context: context.name })),
);

export interface IngestQueue extends QueueSpec {
  context: ContextName;
}

/** Every queue a context's functions send to directly (no rule), with the worker that drains it. */
export const INGEST_QUEUES: readonly IngestQueue[] = CONTEXTS.flatMap((context) =>
  ('queues' in context ? context.queues : []).map((queue) => ({ ...queue, context: context.name })),
);

/** Every event any context emits, by detail-type. */
export const EVENT_CATALOGUE: EventCatalogue = Object.assign({}, ...CONTEXTS.map((context) => ('emits' in context ? context.emits.catalogue : {})));

/** The mappers the outbox runs on each committed table change. */
export const CHANGE_MAPPERS: readonly ChangeMapper[] = CONTEXTS.flatMap((context) => ('emits' in context ? [context.emits.changes] : []));

export interface Schedule extends ScheduleSpec {
  context: ContextName;
}

/** Every scheduled job: an EventBridge schedule rule -> the context's function. */
export const SCHEDULES: readonly Schedule[] = CONTEXTS.flatMap((context) =>
  ('schedules' in context ? context.schedules : []).map((schedule) => ({ ...schedule, context: context.name })),
);

export const contextNamed = (name: ContextName): Context => CONTEXTS.find((context) => context.name === name)!;

/** The context whose renderer serves the site's pages (lambdas/pages). */
export const RENDERER = CONTEXTS.flatMap((context) => ('renderer' in context && context.renderer ? [{ ...context.renderer, context: context.name }] : []))[0];

/** The context whose WebSocket API serves live updates (lambdas/live). */
export const WEBSOCKET = CONTEXTS.flatMap((context) => ('websocket' in context && context.websocket ? [{ ...context.websocket, context: context.name }] : []))[0];
