// The HTTP edge against the real runtime: unknown /api paths and zod's own refusals answer in
// Portuguese, a role-gated route refuses a reader before it reads the body, a JSON body that is not an
// object is refused, and the token of an account being deleted (or deleted) writes nothing more.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../shared/admin';
import { MESSAGES } from '../../shared/messages';
import { NEWSLETTER_MESSAGES } from '../../shared/newsletter';
import { CONSENT_VERSION, DELETION_CONFIRMATION, type DataRequest } from '../../shared/privacy';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const PASSWORD = 'Senha123';

/** zod's English messages ('Too big: expected string to have <=64 characters', 'Invalid input: …'). */
const ENGLISH = /\b(expected|received|invalid|too big|too small|required)\b/i;

let reader: Member;
let master: Member;

beforeAll(async () => {
  reader = await member(portal, table, 'borda-leitor', 'Leitora da Borda');
  master = await member(portal, table, 'borda-master', 'Master da Borda', { roles: ['master'] });
});

describe('an /api path no route declares', () => {
  it.each([
    ['GET', '/api/nao-existe'],
    ['POST', '/api/articles/x/nao-existe'],
    ['DELETE', '/api/home'],
  ])('%s %s answers a pt-BR 404', async (method, path) => {
    const response = await portal.request(method, path);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.notFound });
  });
});

describe("zod's own refusals", () => {
  it('reach the master in Portuguese (a property id longer than its 64 characters)', async () => {
    const response = await portal.request('PUT', '/api/analytics-settings', { token: master.token, body: { propertyId: '1'.repeat(65) } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/64/);
    expect(response.body.message).not.toMatch(ENGLISH);
  });

  it('reach a reader in Portuguese (newsletter preferences of the wrong type)', async () => {
    const response = await portal.request('PUT', '/api/newsletter/me', { token: reader.token, body: { subscribed: 'talvez' } });
    expect(response.status).toBe(400);
    expect(response.body.message).not.toMatch(ENGLISH);
  });
});

describe('a role-gated route', () => {
  it.each([
    ['POST', '/api/newsletter/sends', NEWSLETTER_MESSAGES.forbidden],
    ['POST', '/api/newsletter/test', NEWSLETTER_MESSAGES.forbidden],
    ['POST', '/api/admin/menu', ADMIN_MESSAGES.accessDenied],
    ['PATCH', `/api/admin/articles/${randomUUID()}/status`, ADMIN_MESSAGES.accessDenied],
  ])('%s %s refuses a reader with 403 whatever the body, without naming its fields', async (method, path, message) => {
    for (const body of [{}, { campo: 'x'.repeat(5000) }]) {
      const response = await portal.request(method, path, { token: reader.token, body });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message });
    }
  });
});

describe("the caller's check", () => {
  const operations = (response: { headers: Headers }) => response.headers.get('x-local-dynamodb-operations')?.split(',') ?? [];

  it('costs one Query of the account on a write, and replaces the service’s own read where it was a duplicate', async () => {
    const saved = await portal.request('PUT', '/api/me/profile', { token: reader.token, body: { bio: 'Leitora atenta.' } });
    expect(saved.status).toBe(200);
    expect(operations(saved)).toEqual(['QueryCommand', expect.stringMatching(/^Update/)]);
    const item = await portal.request('POST', '/api/admin/menu', { token: master.token, body: { label: `Borda ${randomUUID().slice(0, 6)}`, url: '/borda', display_order: 99, is_active: false } });
    expect(item.status).toBe(201);
    // The item and its audit entry are one transaction: no second read of the master's roles.
    expect(operations(item)).toEqual(['QueryCommand', 'TransactWriteItemsCommand']);
    expect((await portal.request('DELETE', `/api/admin/menu/${String(item.body.id)}`, { token: master.token })).status).toBe(204);
  });

  it('costs nothing on a read of one’s own data', async () => {
    const me = await portal.request('GET', '/api/me', { token: reader.token });
    expect(operations(me)).toEqual(['QueryCommand']);
  });
});

describe('a JSON body that is not an object', () => {
  it.each(['null', '[]', '"x"', '3'])('PUT /api/me/profile refuses %s and changes nothing', async (rawBody) => {
    const before = await portal.request('GET', '/api/me', { token: reader.token });
    const response = await portal.request('PUT', '/api/me/profile', { token: reader.token, rawBody });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MESSAGES.invalidBody);
    expect((await portal.request('GET', '/api/me', { token: reader.token })).body.profile).toEqual(before.body.profile);
  });
});

describe('the token of a deleted account', () => {
  let leaving: Member;
  const consent = () => ({ visitor_id: randomUUID(), version: CONSENT_VERSION, source: 'banner', ads: true, personalization: false });

  beforeAll(async () => {
    leaving = await member(portal, table, 'borda-saindo', 'Pessoa de Saída');
    expect((await portal.request('POST', '/api/privacy/consents', { token: leaving.token, body: consent() })).status).toBe(201);
  });

  it('writes nothing from the moment the deletion is asked, nor after it completes', async () => {
    const asked = await portal.request('POST', '/api/privacy/deletion', { token: leaving.token, body: { password: PASSWORD, confirmation: DELETION_CONFIRMATION } });
    expect(asked.status).toBe(202);
    const refused = async () => {
      for (const [method, path, body] of [
        ['POST', '/api/privacy/consents', consent()],
        ['PUT', '/api/me/profile', { bio: 'Ainda aqui' }],
        ['PUT', '/api/newsletter/me', { subscribed: true }],
      ] as const) {
        const response = await portal.request(method, path, { token: leaving.token, body });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body.message).toBe(MESSAGES.notAuthenticated);
      }
    };
    // At once, while the contexts are still erasing…
    await refused();
    const id = (asked.body as unknown as DataRequest).id;
    await eventually(async () => ((await table.item({ pk: `DATAREQ#${id}`, sk: 'REQUEST' }))?.status === 'completed' ? true : undefined), 90_000);
    // …and once everything is gone: nothing about the person comes back.
    await refused();
    expect(await table.partition(`CONSENTS#user#${leaving.id}`)).toEqual([]);
    expect(await table.partition(`USER#${leaving.id}`)).toEqual([]);
  }, 120_000);
});
