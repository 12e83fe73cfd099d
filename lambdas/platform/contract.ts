// What a bounded context declares about itself, typed: its HTTP routes, the events it emits, the
// workers that consume events, the AWS permissions beyond its table access, and the environment it
// reads. lambdas/contexts.ts gathers every context's contract in one typed list, which the CDK stack,
// the local runtime and the outbox read. No AWS SDK here: the CDK app imports it.
import type { z } from 'zod';
import type { Capability } from '../../shared/roles';
import type { ChangeMapper, EventCatalogue } from './domain-events';
import type { EnvName } from './env';

export const EVENT_BUS_NAME = 'portal-events';

/** How many times the outbox retries a stream record before giving up on it (to its DLQ on AWS). */
export const OUTBOX_RETRY_ATTEMPTS = 10;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** 'required' sits behind the JWT authorizer; 'optional' verifies a bearer token in the handler. */
export type RouteAuth = 'none' | 'optional' | 'required';
/** API Gateway's route key: 'GET /api/articles/{id}'. */
export type RouteKey = `${HttpMethod} /api/${string}`;

export interface RouteSpec {
  auth: RouteAuth;
  /** Parsed at the edge before the handler runs; a failure answers 400 with the schema's first message. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** The handler also receives the body's raw text (for routes that verify signatures). */
  rawBody?: boolean;
  /** Its own throttle on AWS, above the stage's (a public beacon that must take a news spike). */
  throttle?: { rateLimit: number; burstLimit: number };
  /**
   * A route only some roles may use: the edge checks the caller's roles before it reads the body, and
   * answers 403 with `denied` (the context's own message) to anyone else, so a route never explains
   * its fields to someone who may not use it. The service keeps its own check.
   */
  requires?: { capability: Capability; denied: string };
}

/** The gate of a route that only the roles with `capability` may use (RouteSpec.requires). */
export const onlyFor = (capability: Capability, denied: string): NonNullable<RouteSpec['requires']> => ({ capability, denied });

export interface EventSpec {
  /** EventBridge source: portal.<context>. */
  source: `portal.${string}`;
  description: string;
  detail: z.ZodType;
}

export interface WorkerSpec {
  /** Rule and queue name stem: portal-<name>, portal-<name>-dlq. */
  name: string;
  /** lambdas/<context>/<file>.ts exporting `handler`. */
  file: string;
  /** The events it consumes, by source and detail-type: build it with `consumes`. */
  pattern: EventPattern;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /** After this many receives a message goes to the queue's DLQ. */
  maxReceiveCount: number;
  /**
   * Wait up to this long to fill a batch (Lambda's maximum batching window; the local pollers do the
   * same): a debounce, for work done once a batch whatever its size. 1 s above 10 messages when unset.
   */
  batchWindowSeconds?: number;
  /** Native packages installed beside the bundle for Lambda's linux-arm64 instead of bundled (sharp). */
  nodeModules?: readonly string[];
  /** Lambda memory in MB (CPU grows with it); 512 by default. */
  memorySize?: number;
  /** Its own AWS access instead of its context's, when it needs less (least privilege). */
  permissions?: readonly Permission[];
  /**
   * At most this many batches at once (the SQS event source's maximum concurrency on AWS, as many
   * pollers locally); unbounded on AWS, one locally, when unset. A worker that paces itself under a
   * shared rate (e-mail sends under SES's) divides the rate by it.
   */
  maxConcurrency?: number;
  /**
   * 'default': the rule sits on the account's default event bus, where AWS services put their own
   * events (SES's sending events); build its pattern with `awsEvents`. The portal's bus otherwise.
   */
  bus?: 'default';
}

/**
 * A queue the context's own functions send to and one of its workers consumes, with no rule in
 * between: an ingestion path (page-view beacons) whose volume would flood the bus and the table. The
 * context's functions get SendMessage on it and its URL in `urlVariable` (declare it in `environment`).
 */
export interface QueueSpec {
  /** Queue name stem: portal-<name>, portal-<name>-dlq. */
  name: string;
  /** lambdas/<context>/<file>.ts exporting `handler`, taking SQS batches of the messages as sent. */
  file: string;
  /** Up to 10 without a window; above, AWS waits up to `batchWindowSeconds` to fill a batch (the local pollers take 10). */
  batchSize: number;
  batchWindowSeconds?: number;
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
  maxConcurrency?: number;
  urlVariable: EnvName;
  /** Its worker's own AWS access instead of its context's, when it needs less (least privilege). */
  permissions?: readonly Permission[];
}

/** AWS access a context's functions need beyond reading and writing the table. */
export type Permission =
  | { service: 'cognito'; actions: string[] }
  | { service: 's3'; prefix: string; actions: string[] }
  /** PutObject on these keys of the site bucket (CloudFront serves them); a `*` stands for a generated name. */
  | { service: 'site-bucket'; write: readonly string[]; read?: readonly string[] }
  | { service: 'ses'; send: 'from-mail-sender' }
  /** CreateInvalidation on the site's CloudFront distribution. */
  | { service: 'cloudfront'; invalidate: 'site-distribution' }
  /** PostToConnection on the connections of the portal's WebSocket API stage (execute-api:ManageConnections), nothing else. */
  | { service: 'websocket'; post: 'connections' }
  /** Amazon Comprehend's real-time detection calls (they take no resource: granted on `*`). */
  | { service: 'comprehend'; actions: readonly ('DetectKeyPhrases' | 'DetectEntities')[] }
  /**
   * GetSecretValue on one of the stack's Secrets Manager secrets (SECRET_NAMES), nothing else; with
   * `write`, also PutSecretValue on it (a key a master saves through the portal).
   */
  | { service: 'secrets'; read: SecretName; write?: true }
  /**
   * Every dead-letter queue of the stack (lambdas/operations/dead-letters.ts): read its depth and
   * messages, and move them back to their source queues (StartMessageMoveTask, which also needs
   * SendMessage on each source queue), nothing else.
   */
  | { service: 'dead-letter-queues'; access: 'read-and-redrive' };

/** The stack's Secrets Manager secrets by what they hold, and their names. */
export const SECRET_NAMES = { payments: 'portal/payments', newsletter: 'portal/newsletter', analytics: 'portal/analytics', google: 'portal/google' } as const;
export type SecretName = keyof typeof SECRET_NAMES;

/** A job run on a schedule (an EventBridge rule on AWS, a timer in the local runtime). */
export interface ScheduleSpec {
  /** Rule name stem: portal-<name>. */
  name: string;
  /** lambdas/<context>/<file>.ts exporting `handler`, taking EventBridge's scheduled event (its `time` is the job's now). */
  file: string;
  description: string;
  /** When, in UTC: the fields of an EventBridge cron expression. */
  cron: { minute: string; hour: string };
  timeoutSeconds: number;
  /** Lambda memory in MB (CPU grows with it); 512 by default. */
  memorySize?: number;
  /** Native packages installed beside the bundle for Lambda's linux-arm64 instead of bundled (the search indexer). */
  nodeModules?: readonly string[];
}

/** A function CloudFront calls directly (a Function URL behind origin access control), not the HTTP API. */
export interface RendererSpec {
  /** lambdas/<context>/<file>.ts exporting `handler`, taking Function URL events. */
  file: string;
  description: string;
}

/**
 * An API Gateway WebSocket API served by one function of the context (lambdas/<context>/<file>.ts,
 * taking API Gateway WebSocket events): `$connect`, `$disconnect`, one route per `action` of the
 * messages (`{ "action": "subscribe", … }`) and `$default` for any other. Every route but the first
 * two answers the sender with the function's response body (a two-way route).
 */
export interface WebSocketSpec {
  file: string;
  description: string;
  /** Route keys selected by the message's `action`. */
  routes: readonly string[];
  /** The stage on AWS (wss://<api>.execute-api.<region>.amazonaws.com/<stage>); locally the gateway's path /<stage>. */
  stage: string;
}

/** The routes a WebSocket API has besides its message routes, and those that answer the sender. */
export const WEBSOCKET_CONNECT_ROUTES = ['$connect', '$disconnect'] as const;
export const WEBSOCKET_DEFAULT_ROUTE = '$default';
/** API Gateway's route selection: the `action` field of a JSON message. */
export const WEBSOCKET_ROUTE_SELECTION = '$request.body.action';

export interface EventPattern {
  source: string[];
  'detail-type': string[];
}

/** The rule pattern for some events of a catalogue, named as the catalogue names them. */
export function consumes<C extends EventCatalogue>(catalogue: C, names: readonly (keyof C & string)[]): EventPattern {
  return { source: [...new Set(names.map((name) => catalogue[name]!.source))], 'detail-type': [...names] };
}

/** The rule pattern for an AWS service's own events on the default bus: `awsEvents('aws.ses', ['Email Bounced'])`. */
export function awsEvents(source: `aws.${string}`, detailTypes: readonly string[]): EventPattern {
  return { source: [source], 'detail-type': [...detailTypes] };
}

export interface ContextContract<Name extends string = string> {
  name: Name;
  /** Served by lambdas/<name>/http.ts. */
  routes: Partial<Record<RouteKey, RouteSpec>>;
  /** The events its items imply (the catalogue in its events.ts), and the mapper the outbox runs. */
  emits?: { catalogue: EventCatalogue; changes: ChangeMapper };
  /** Serves the site's pages to CloudFront (at most one context has one). */
  renderer?: RendererSpec;
  /** Serves the portal's WebSocket API (at most one context has one). */
  websocket?: WebSocketSpec;
  workers: readonly WorkerSpec[];
  /** Queues its functions send to directly, each with its worker (QueueSpec). */
  queues?: readonly QueueSpec[];
  /** Jobs run on a schedule, with the context's permissions. */
  schedules?: readonly ScheduleSpec[];
  permissions: readonly Permission[];
  environment: readonly EnvName[];
}

/** Checks a contract's shape while keeping its literal types (route keys, name). */
export const defineContext = <const C extends ContextContract>(contract: C): C => contract;

export interface ApiRoute {
  method: HttpMethod;
  /** API Gateway path syntax: /api/articles/{id} */
  path: string;
  context: string;
  auth: RouteAuth;
  throttle?: RouteSpec['throttle'];
}

export function routesOf(contract: ContextContract): ApiRoute[] {
  return Object.entries(contract.routes).map(([key, spec]) => {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    const { auth, throttle } = spec as RouteSpec;
    return { method, path, context: contract.name, auth, ...(throttle ? { throttle } : {}) };
  });
}

/**
 * Every /api path no route declares, any method: API Gateway sends it to the system context's function,
 * whose edge answers a pt-BR 404 for a route key it does not serve (instead of the API's English 'Not Found').
 */
export const UNKNOWN_API_ROUTE = { key: 'ANY /api/{proxy+}', path: '/api/{proxy+}', context: 'system' } as const;

/** Set at the edge (CloudFront's viewer-request function, the local gateway) to the reader's network address. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * Set by CloudFront's viewer-request function on the rendered pages to the host the reader asked for:
 * the render function's origin when SITE_URL is not set (its own Host header is its Function URL's).
 */
export const VIEWER_HOST_HEADER = 'x-viewer-host';
