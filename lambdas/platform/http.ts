// The HTTP edge of every bounded context: one middy chain that dispatches on the API Gateway route
// key to a plain async function, parses the body and query with the route's zod schema (declared in
// the context's contract), and maps AppError values to pt-BR JSON responses. The handler map is
// checked against the contract's routes at compile time.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/messages';
import { MFA_MESSAGES, MFA_REQUIRED_CODE } from '../../shared/mfa';
import { can } from '../../shared/roles';
import { callerOf, type ReaderAccess } from '../users/public';
import { verifyBearer } from './auth';
// zod's own messages in pt-BR for every schema the edge parses.
import '../../shared/zod-pt-br';
import { VIEWER_ADDRESS_HEADER, type ContextContract, type RouteKey, type RouteSpec } from './contract';
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { logger, observability } from './observability';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

type Parsed<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;

export interface HttpRequest<Spec extends RouteSpec = RouteSpec> {
  event: HttpEvent;
  params: Record<string, string>;
  query: Parsed<Spec['query'], Record<string, string>>;
  body: Parsed<Spec['body'], unknown>;
  /** The body as sent, for routes whose contract asks for it (signature checks). */
  rawBody: string;
  /** The Cognito `sub` of the caller: always there on routes behind the authorizer. */
  userId: Spec['auth'] extends 'required' ? string : string | undefined;
  /** The caller's roles and subscription when the edge read them (a signed-in write or a gated route). */
  caller?: ReaderAccess;
}

export interface HttpResult {
  status: number;
  body?: unknown;
  /** A body sent as it is instead of as JSON (its content-type goes in `headers`). */
  text?: string;
  /** Bytes sent as they are (an image; its content-type goes in `headers`). */
  binary?: Buffer;
  headers?: Record<string, string>;
}

/** One function per route of the contract, no more, no fewer. */
export type Handlers<C extends ContextContract> = {
  [K in keyof C['routes'] & RouteKey]: (request: HttpRequest<NonNullable<C['routes'][K]>>) => Promise<HttpResult>;
};

export const json = (status: number, body?: unknown): HttpResult => ({ status, body });
export const noContent: HttpResult = { status: 204 };
/** A redirect (302) to `location`. */
export const redirect = (location: string): HttpResult => ({ status: 302, text: '', headers: { 'content-type': 'text/plain; charset=utf-8', location } });
/** An image or other bytes, with their content-type. */
export const bytes = (contentType: string, body: Buffer): HttpResult => ({ status: 200, binary: body, headers: { 'content-type': contentType } });

/** Who is asking, as the edge saw it: the network address and the browser. */
export function viewerOf(event: HttpEvent): { address: string; userAgent: string } {
  return {
    address: event.headers[VIEWER_ADDRESS_HEADER] ?? event.requestContext.http.sourceIp,
    userAgent: event.headers['user-agent'] ?? '',
  };
}

function rawBodyOf(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** A form post (RFC 8058's one-click unsubscribe) to a raw-body route is not JSON: its handler reads rawBody. */
const isFormPost = (event: HttpEvent, spec: RouteSpec) => spec.rawBody === true && /^application\/x-www-form-urlencoded\b/i.test(event.headers['content-type'] ?? '');

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(MESSAGES.invalidBody);
  }
}

/** A JSON body is an object: `null`, a list, a string or a number is refused, not read as an empty update. */
function bodyObject(value: unknown): unknown {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) throw badRequest(MESSAGES.invalidBody);
  return value;
}

/** The schema's verdict, or a 400 with its first message (the spec shows one error at a time). */
function validated(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(bodyObject(value) ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A body that is not even an object has no field to blame.
  if (!issue || (issue.code === 'invalid_type' && issue.path.length === 0)) throw badRequest(MESSAGES.invalidBody);
  const field = issue.path[0];
  throw badRequest(issue.message, typeof field === 'string' ? field : undefined);
}

/** True when a schema, or a field of it, fills in a value the request did not send. */
export function fillsDefaults(schema: z.ZodType): boolean {
  const def = (schema as unknown as { def: { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType } }).def;
  if (def.type === 'default' || def.type === 'prefault') return true;
  const inner = [...Object.values(def.shape ?? {}), def.innerType, def.in].filter((part): part is z.ZodType => part !== undefined);
  return inner.some(fillsDefaults);
}

function toResponse(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: result.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // Answers depend on who asks: never let a shared cache keep them.
      'cache-control': 'no-store',
      // A JSON answer is never to be read as anything else.
      'x-content-type-options': 'nosniff',
      ...result.headers,
    },
    ...(result.binary
      ? { body: result.binary.toString('base64'), isBase64Encoded: true }
      : { body: result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body)) }),
  };
}

/** The refusal of a staff route to a staff member without a verified TOTP (shared/mfa.ts). */
const mfaRequired = () => new AppError(403, MFA_MESSAGES.required, undefined, MFA_REQUIRED_CODE);

/** The caller the edge read for a request, if it read one (a write or a gated route). */
const callers = new WeakMap<HttpEvent, ReaderAccess>();

/**
 * A handler's own role check refused a staff member whose roles are held back for want of TOTP
 * (lambdas/users/access.ts): tell them what to do instead of "no permission". The caller is read
 * again only on this refusal path, when the edge had not read it.
 */
async function explainedRefusal(event: HttpEvent, error: AppError): Promise<AppError> {
  if (error.status !== 403 || error.code) return error;
  const userId = event.requestContext.authorizer?.jwt?.claims?.sub;
  if (typeof userId !== 'string') return error;
  const caller = callers.get(event) ?? (await callerOf(userId).catch(() => undefined));
  return caller?.mfaMissing ? mfaRequired() : error;
}

const errorResponses: middy.MiddlewareObj<HttpEvent, APIGatewayProxyStructuredResultV2> = {
  onError: async (request) => {
    const error = request.error;
    if (error instanceof AppError) {
      const shown = await explainedRefusal(request.event, error);
      request.response = toResponse(json(shown.status, { message: shown.message, field: shown.field, ...(shown.code ? { code: shown.code } : {}) }));
      return;
    }
    logger.error('unhandled error', { error, routeKey: request.event.routeKey });
    request.response = toResponse(json(500, { message: MESSAGES.internal }));
  },
};

/** On a route with optional sign-in, the user of a valid bearer token; anyone else is anonymous. */
async function optionalUser(event: HttpEvent): Promise<string | undefined> {
  const claims = await verifyBearer(event.headers.authorization);
  return typeof claims?.sub === 'string' ? claims.sub : undefined;
}

/**
 * Before the body is read: a signed-in caller who writes, or who asks for a role-gated route, must
 * still have an account (a token outlives a deleted one by up to an hour), and the gated routes
 * refuse the roles they do not admit. One Query of the caller's account; reads of one's own data skip it.
 */
async function checkCaller(event: HttpEvent, spec: RouteSpec, userId: string | undefined): Promise<ReaderAccess | undefined> {
  const writes = !event.routeKey.startsWith('GET ');
  if (!userId) {
    // Behind the authorizer a gated route always has a caller; without one there is nobody to admit.
    if (spec.requires) throw unauthorized(MESSAGES.notAuthenticated);
    return;
  }
  if (!writes && !spec.requires) return;
  const caller = await callerOf(userId);
  if (!caller) throw unauthorized(MESSAGES.notAuthenticated);
  callers.set(event, caller);
  if (spec.requires && !can(caller.roles, spec.requires.capability)) {
    // Every gated route is a newsroom tool: a staff member without TOTP sets it up first.
    throw caller.mfaMissing ? mfaRequired() : forbidden(spec.requires.denied);
  }
  return caller;
}

/** A context's Lambda handler: its contract's routes, each served by the function of the same key. */
export function httpHandler<C extends ContextContract>(contract: C, handlers: Handlers<C>) {
  const routes = contract.routes as Partial<Record<string, RouteSpec>>;
  for (const [key, spec] of Object.entries(routes)) {
    // An edit must change only what it sends: a default would overwrite what is stored.
    if (/^(PUT|PATCH) /.test(key) && spec?.body && fillsDefaults(spec.body)) throw new Error(`${key}: update schemas carry no defaults`);
  }
  const dispatch = handlers as unknown as Record<string, (request: HttpRequest) => Promise<HttpResult>>;
  return middy<HttpEvent, APIGatewayProxyStructuredResultV2>()
    .use(observability())
    .use(errorResponses)
    .handler(async (event) => {
      // Logs of one request carry API Gateway's id for it.
      logger.setCorrelationId(event.requestContext.requestId);
      const spec = routes[event.routeKey];
      const handle = dispatch[event.routeKey];
      if (!spec || !handle) throw notFound(MESSAGES.notFound);
      const userId = spec.auth === 'optional' ? await optionalUser(event) : (event.requestContext.authorizer?.jwt?.claims?.sub as string | undefined);
      // The authorizer already refused these; the edge checks again rather than trust the wiring.
      if (spec.auth === 'required' && !userId) throw unauthorized(MESSAGES.notAuthenticated);
      const caller = await checkCaller(event, spec, userId);
      const rawBody = rawBodyOf(event);
      const result = await handle({
        event,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: validated(spec.query, event.queryStringParameters ?? {}) as Record<string, string>,
        body: validated(spec.body, isFormPost(event, spec) ? undefined : parseJson(rawBody)),
        rawBody: spec.rawBody ? rawBody : '',
        userId,
        caller,
      });
      return toResponse(result);
    });
}
