// The HTTP edge of every context, driven with API Gateway events: role-gated routes refuse the roles
// they do not admit before reading the body (a reader posting nonsense to a master-only route learns
// nothing about its fields), a token whose account is gone writes nothing, a JSON body that is not an
// object is refused, and a route key no context serves answers a pt-BR 404. The caller's account is the
// one thing served from memory (users' callerOf, with tokens that are their user ids); nothing here
// reaches a table.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CONTEXTS } from '../../lambdas/contexts';
import { UNKNOWN_API_ROUTE, type RouteSpec } from '../../lambdas/platform/contract';
import type { HttpEvent } from '../../lambdas/platform/http';
import { MESSAGES } from '../../shared/messages';
import { MFA_MESSAGES, MFA_REQUIRED_CODE } from '../../shared/mfa';
import { can, ROLES, type Role } from '../../shared/roles';

vi.hoisted(() => {
  // The logger and metrics read their settings when first imported: quiet, and named.
  Object.assign(process.env, { POWERTOOLS_SERVICE_NAME: 'portal-test', POWERTOOLS_METRICS_NAMESPACE: 'PortalPlural', POWERTOOLS_METRICS_DISABLED: 'true', LOG_LEVEL: 'SILENT' });
});

/** The accounts the fake lookup knows, by user id; any other id is an account that is gone. */
const ACCOUNTS: Record<string, Role[]> = { leitor: [], autor: ['author'], editor: ['editor'], master: ['master'] };
/** A master whose account has no verified TOTP: the lookup holds the role back (lambdas/users/access.ts). */
const WITHOUT_TOTP = 'master-sem-totp';

vi.mock('../../lambdas/users/public', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lambdas/users/public')>()),
  callerOf: vi.fn(async (userId: string) =>
    userId === WITHOUT_TOTP
      ? { roles: [], subscribed: false, mfaMissing: true }
      : ACCOUNTS[userId]
        ? { roles: ACCOUNTS[userId], subscribed: false, mfaMissing: false }
        : undefined,
  ),
}));
// A bearer token is its user id here (the optional routes read it at the edge).
vi.mock('../../lambdas/platform/auth', () => ({
  verifyBearer: vi.fn(async (authorization: string | undefined) => (authorization?.startsWith('Bearer ') ? { sub: authorization.slice(7) } : undefined)),
}));
// The secrets a few contexts fetch before their routes run: nothing to fetch here.
vi.mock('../../lambdas/platform/secrets', () => ({ withSecret: () => ({ before: async () => undefined }), secretValue: () => ({}) }));

type Handler = (event: HttpEvent, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers: Record<string, Handler> = {};

beforeAll(async () => {
  for (const context of CONTEXTS) {
    if (!Object.keys(context.routes).length) continue;
    handlers[context.name] = ((await import(`../../lambdas/${context.name}/http.ts`)) as { handler: Handler }).handler;
  }
}, 60_000);

function apiEvent(routeKey: string, options: { userId?: string; body?: string; query?: Record<string, string> } = {}): HttpEvent {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...(options.userId ? { authorization: `Bearer ${options.userId}` } : {}) },
    queryStringParameters: options.query,
    pathParameters: Object.fromEntries([...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => [match[1]!, 'x'])),
    body: options.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: 'test',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      authorizer: { jwt: { claims: options.userId ? { sub: options.userId } : {}, scopes: [] }, principalId: '', integrationLatency: 0 },
    },
  } as HttpEvent;
}

async function call(context: string, routeKey: string, options: Parameters<typeof apiEvent>[1] = {}) {
  const result = await handlers[context]!(apiEvent(routeKey, options), { awsRequestId: 'test' });
  return { status: result.statusCode, body: JSON.parse(result.body || '{}') as { message?: string } };
}

const routes = CONTEXTS.flatMap((context) => Object.entries(context.routes as Record<string, RouteSpec>).map(([key, spec]) => ({ context: context.name, key, spec })));
const gated = routes.filter((route) => route.spec.requires);
/** Every caller a gated route must turn away: a reader without roles and each role it does not admit. */
const refusals = gated.flatMap((route) =>
  [['leitor', [] as Role[]] as const, ...ROLES.map((role) => [role === 'author' ? 'autor' : role, [role]] as const)]
    .filter(([, roles]) => !can(roles, route.spec.requires!.capability))
    .map(([userId]) => ({ ...route, userId })),
);
/** A body and a query no schema accepts. */
const NONSENSE = { body: JSON.stringify({ campo_que_nao_existe: 'x'.repeat(5000) }), query: { cursor: 'x'.repeat(5000), status: 'nenhum' } };

describe('authorize, then validate', () => {
  it('gates the routes that only a role may use (among them those the probe found explaining their fields)', () => {
    const keys = gated.map((route) => route.key);
    for (const key of ['POST /api/newsletter/sends', 'POST /api/newsletter/test', 'POST /api/admin/menu', 'PATCH /api/admin/articles/{id}/status', 'POST /api/admin/users/{id}/roles'])
      expect(keys).toContain(key);
    expect(gated.length).toBeGreaterThanOrEqual(50);
    for (const route of gated) expect(route.spec.auth, route.key).toBe('required');
  });

  it.each(refusals.map((refusal) => [refusal.key, refusal.userId, refusal] as const))('%s refuses %s with 403 before reading the body', async (_key, _user, refusal) => {
    const response = await call(refusal.context, refusal.key, { userId: refusal.userId, ...NONSENSE });
    expect(response).toEqual({ status: 403, body: { message: refusal.spec.requires!.denied } });
  });

  it.each(gated.map((route) => [route.key, route] as const))('%s refuses a staff member without TOTP with MFA_REQUIRED before reading the body', async (_key, route) => {
    const response = await call(route.context, route.key, { userId: WITHOUT_TOTP, ...NONSENSE });
    expect(response).toEqual({ status: 403, body: { message: MFA_MESSAGES.required, code: MFA_REQUIRED_CODE } });
  });

  it('lets an admitted role reach the validation (the gate is not a wall)', async () => {
    const response = await call('menu', 'POST /api/admin/menu', { userId: 'master', body: '{}' });
    expect(response.status).toBe(400);
  });
});

describe('deleted means gone', () => {
  const writes = routes.filter((route) => route.spec.auth !== 'none' && !route.key.startsWith('GET '));

  it.each(writes.map((route) => [route.key, route] as const))('%s refuses the token of an account that is gone', async (_key, route) => {
    const response = await call(route.context, route.key, { userId: 'conta-excluida', body: '{}' });
    expect(response).toEqual({ status: 401, body: { message: MESSAGES.notAuthenticated } });
  });
});

describe('a body that is not a JSON object', () => {
  const withBody = routes.filter((route) => route.spec.body);
  const cases = withBody.flatMap((route) => ['null', '[]', '"x"', '3'].map((body) => [route.key, body, route] as const));

  it.each(cases)('%s refuses %s', async (_key, body, route) => {
    const response = await call(route.context, route.key, { userId: route.spec.auth === 'required' ? 'master' : undefined, body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MESSAGES.invalidBody);
  });
});

describe('an /api path no route declares', () => {
  it('answers the catch-all with a pt-BR 404', async () => {
    const response = await call(UNKNOWN_API_ROUTE.context, UNKNOWN_API_ROUTE.key);
    expect(response).toEqual({ status: 404, body: { message: MESSAGES.notFound } });
  });
});
