// Staff routes behind two-step verification: a staff member whose account has no verified TOTP is
// refused every newsroom tool with MFA_REQUIRED (the edge's gate and the handlers' own checks alike)
// while the routes every signed-in user needs stay open; the flag is set only by the API after it asked
// Cognito, never by what the browser sends. A master turns a lost authenticator off.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../shared/admin';
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

describe('a master resets a staff member’s lost authenticator', () => {
  let boss: Member;
  let lost: Member;
  beforeAll(async () => {
    [boss, lost] = await Promise.all([
      member(portal, table, 'mfa-chefe', 'Cida Chefe', { roles: ['master'] }),
      member(portal, table, 'mfa-perdeu', 'Pedro Perdeu', { roles: ['editor'] }),
    ]);
  });

  it('is the master’s alone', async () => {
    const refused = await portal.request('DELETE', `/api/admin/users/${lost.id}/mfa`, { token: lost.token });
    expect(refused).toMatchObject({ status: 403, body: { message: ADMIN_MESSAGES.accessDenied } });
    expect((await portal.request('GET', '/api/tags', { token: lost.token })).status).toBe(200);
  });

  it('turns TOTP off in Cognito and on the profile, at once, and leaves an audit entry', async () => {
    const reset = await portal.request('DELETE', `/api/admin/users/${lost.id}/mfa`, { token: boss.token });
    expect(reset).toMatchObject({ status: 200, body: { id: lost.id, roles: ['editor'], mfa_enabled: false } });
    // The same session is refused the newsroom's tools now, not at its next sign-in.
    expect((await portal.request('GET', '/api/tags', { token: lost.token })).body).toMatchObject(REFUSED);
    // Cognito's word: the re-check finds no authenticator, and the password alone signs in.
    expect((await portal.request('POST', '/api/me/mfa', { token: lost.token })).body).toMatchObject({ mfa_enabled: false });
    const again = await portal.signIn(lost.email);
    expect((await portal.request('GET', '/api/me', { token: again.accessToken })).body).toMatchObject({ roles: ['editor'], mfa_enabled: false });
    const audit = await portal.request('GET', '/api/admin/audit', { token: boss.token });
    const entry = (audit.body.items as { action: string; target_id: string }[]).find((item) => item.action === 'reset_mfa' && item.target_id === lost.id);
    expect(entry).toMatchObject({ event_type: 'SECURITY_CHANGE', user_id: boss.id, target_type: 'user', target_name: 'Pedro Perdeu' });
    // A new app set up afterwards opens the tools again.
    await enrolTotp(portal, again.accessToken);
    expect((await portal.request('GET', '/api/tags', { token: again.accessToken })).status).toBe(200);
  });

  it('answers 409 when there is nothing to reset, and 404 for an unknown user', async () => {
    const none = await portal.request('DELETE', `/api/admin/users/${reader.id}/mfa`, { token: boss.token });
    expect(none).toMatchObject({ status: 409, body: { message: ADMIN_MESSAGES.mfaNotEnabled } });
    const unknown = await portal.request('DELETE', '/api/admin/users/ninguem-aqui/mfa', { token: boss.token });
    expect(unknown).toMatchObject({ status: 404, body: { message: ADMIN_MESSAGES.userNotFound } });
  });
});
