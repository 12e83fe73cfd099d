import { describe, expect, it } from 'vitest';
import { PortalClient } from '../support/api';
import { MFA_REQUIRED_CODE } from '../../shared/mfa';
import { enrolTotp } from '../support/totp';
import { workerRuntime } from '../support/worker-runtime';

const portal = new PortalClient(workerRuntime().baseUrl);

describe('the master claim', () => {
  it('needs a signed-in caller', async () => {
    expect((await portal.request('POST', '/api/master/claim')).status).toBe(401);
  });

  it('makes exactly one master out of twenty simultaneous claims on an empty system', async () => {
    expect((await portal.request('GET', '/api/master')).body).toEqual({ exists: false });
    const sessions = await Promise.all(Array.from({ length: 20 }, (_, index) => portal.newUser(`corrida${index}`)));
    const claims = await Promise.all(sessions.map((session) => portal.request('POST', '/api/master/claim', { token: session.accessToken })));
    const winners = claims.filter((claim) => claim.status === 200);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.body).toEqual({ roles: ['master'] });
    for (const loser of claims.filter((claim) => claim.status !== 200)) {
      expect(loser.status).toBe(409);
      expect(loser.body.message).toBe('Sistema Já Configurado');
    }
    const roles = await Promise.all(sessions.map((session) => portal.request('GET', '/api/me', { token: session.accessToken })));
    expect(roles.filter((me) => (me.body.roles as string[]).includes('master'))).toHaveLength(1);
    expect((await portal.request('GET', '/api/master')).body).toEqual({ exists: true });
    // The claim is the first master action, and the audit log says so.
    const winner = sessions[claims.findIndex((claim) => claim.status === 200)]!;
    // The new master, like all staff, uses the admin area once two-step verification is on.
    expect((await portal.request('GET', '/api/admin/audit', { token: winner.accessToken })).body.code).toBe(MFA_REQUIRED_CODE);
    await enrolTotp(portal, winner.accessToken);
    const audit = await portal.request('GET', '/api/admin/audit', { token: winner.accessToken });
    expect(audit.status, audit.text).toBe(200);
    const claimed = (audit.body.items as { action: string; user_id: string; target_id: string }[]).filter((entry) => entry.action === 'claim_master');
    expect(claimed).toHaveLength(1);
    expect(claimed[0]?.target_id).toBe(claimed[0]?.user_id);
  });

  it('answers "Sistema Já Configurado" to a claim on a configured system', async () => {
    const late = await portal.newUser('tarde');
    const claim = await portal.request('POST', '/api/master/claim', { token: late.accessToken });
    expect(claim.status).toBe(409);
    expect(claim.body.message).toBe('Sistema Já Configurado');
  });
});
