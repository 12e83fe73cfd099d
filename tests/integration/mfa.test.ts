// Staff routes behind two-step verification: a staff member whose account has no verified TOTP is
// refused every newsroom tool with MFA_REQUIRED (the edge's gate and the handlers' own checks alike)
// while the routes every signed-in user needs stay open; the flag is set only by the API after it asked
// Cognito, never by what the browser sends.
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_MESSAGES, MFA_REQUIRED_CODE } from '../../shared/mfa';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { enrolTotp } from '../support/totp';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

const REFUSED = { message: MFA_MESSAGES.required, code: MFA_REQUIRED_CODE };

let editor: Member;
let master: Member;
let reader: Member;
beforeAll(async () => {
  [editor, master, reader] = await Promise.all([
    member(portal, table, 'mfa-editor', 'Edna Editora', { roles: ['editor'], mfa: false }),
    member(portal, table, 'mfa-master', 'Mauro Master', { roles: ['master'], mfa: false }),
    member(portal, table, 'mfa-leitor', 'Lia Leitora'),
  ]);
});

describe('a staff member without TOTP', () => {
  it('is refused the staff routes with MFA_REQUIRED, gated at the edge or in the handler', async () => {
    // Gated at the edge (onlyFor): tags, the review desk, the admin area.
    for (const [method, path, who] of [
      ['GET', '/api/tags', editor],
      ['GET', '/api/articles/in-review', editor],
      ['GET', '/api/admin/users', master],
      ['GET', '/api/admin/audit', master],
    ] as const) {
      const answer = await portal.request(method, path, { token: who.token });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body, `${method} ${path}`).toMatchObject(REFUSED);
    }
    // Checked by the handler itself (no onlyFor on the route): the analytics connection (masters).
    const settings = await portal.request('GET', '/api/analytics-settings', { token: master.token });
    expect(settings.status).toBe(403);
    expect(settings.body).toMatchObject(REFUSED);
  });

  it('still reaches the routes every signed-in user uses, and /api/me says TOTP is off', async () => {
    const me = await portal.request('GET', '/api/me', { token: editor.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ roles: ['editor'], mfa_enabled: false });
    expect((await portal.request('PUT', '/api/me/profile', { token: editor.token, body: { bio: 'Editora.' } })).status).toBe(200);
    expect((await portal.request('GET', '/api/notifications', { token: editor.token })).status).toBe(200);
  });

  it('cannot turn the flag on from the browser: the profile ignores it and the re-check asks Cognito', async () => {
    await portal.request('PUT', '/api/me/profile', { token: editor.token, body: { mfa_enabled: true } });
    const check = await portal.request('POST', '/api/me/mfa', { token: editor.token });
    expect(check).toMatchObject({ status: 200, body: { mfa_enabled: false } });
    expect((await portal.request('GET', '/api/tags', { token: editor.token })).status).toBe(403);
  });

  it('gets through once TOTP is set up and the API has checked it', async () => {
    await enrolTotp(portal, editor.token);
    const me = await portal.request('GET', '/api/me', { token: editor.token });
    expect(me.body).toMatchObject({ roles: ['editor'], mfa_enabled: true });
    expect((await portal.request('GET', '/api/tags', { token: editor.token })).status).toBe(200);
    expect((await portal.request('GET', '/api/articles/in-review', { token: editor.token })).status).toBe(200);
    // The master, still without it, is still refused.
    expect((await portal.request('GET', '/api/admin/users', { token: master.token })).body).toMatchObject(REFUSED);
  });
});

describe('a reader', () => {
  it('is unaffected: no code, and the usual refusal of staff routes', async () => {
    const me = await portal.request('GET', '/api/me', { token: reader.token });
    expect(me).toMatchObject({ status: 200, body: { roles: [], mfa_enabled: false } });
    const tags = await portal.request('GET', '/api/tags', { token: reader.token });
    expect(tags.status).toBe(403);
    expect(tags.body.code).toBeUndefined();
    expect(tags.body.message).not.toBe(MFA_MESSAGES.required);
  });
});
