import { beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, type Session } from '../support/api';
import { workerRuntime } from '../support/worker-runtime';

const portal = new PortalClient(workerRuntime().baseUrl);

describe('GET /api/me', () => {
  it('needs a signed-in caller', async () => {
    expect((await portal.request('GET', '/api/me')).status).toBe(401);
    expect((await portal.request('GET', '/api/me', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const session = await portal.newUser('tamper');
    const [header, payload] = session.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('assinatura falsa').toString('base64url')}`;
    expect((await portal.request('GET', '/api/me', { token: forged })).status).toBe(401);
  });
});

describe('PUT /api/me/profile', () => {
  let session: Session;
  beforeAll(async () => {
    session = await portal.newUser('perfil', 'Joana Prado');
  });

  it('saves the public profile and keeps the e-mail', async () => {
    const saved = await portal.request('PUT', '/api/me/profile', {
      token: session.accessToken,
      body: { full_name: 'Joana Prado Alves', avatar_url: 'https://exemplo.com/joana.png', bio: 'Repórter em Belém.', payment_account: 'PIX joana@exemplo.com' },
    });
    expect(saved.status).toBe(200);
    const me = await portal.request('GET', '/api/me', { token: session.accessToken });
    expect(me.body.profile).toMatchObject({
      email: session.email,
      full_name: 'Joana Prado Alves',
      avatar_url: 'https://exemplo.com/joana.png',
      bio: 'Repórter em Belém.',
      payment_account: 'PIX joana@exemplo.com',
    });
  });

  it.each([
    [{ full_name: '', avatar_url: '', bio: '' }, 'Nome é obrigatório'],
    [{ full_name: 'Joana', avatar_url: 'javascript:alert(1)', bio: '' }, 'URL inválida'],
    [{ full_name: 'Joana', avatar_url: '', bio: 'x'.repeat(501) }, 'Bio deve ter no máximo 500 caracteres'],
  ])('rejects %j with "%s" and keeps what was stored', async (body, message) => {
    const before = await portal.request('GET', '/api/me', { token: session.accessToken });
    const response = await portal.request('PUT', '/api/me/profile', { token: session.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    const after = await portal.request('GET', '/api/me', { token: session.accessToken });
    expect(after.body.profile).toEqual(before.body.profile);
  });

  it('ignores an attempt to change the e-mail', async () => {
    await portal.request('PUT', '/api/me/profile', { token: session.accessToken, body: { full_name: 'Joana', email: 'outra@exemplo.com' } });
    const me = await portal.request('GET', '/api/me', { token: session.accessToken });
    expect((me.body.profile as { email: string }).email).toBe(session.email);
  });

  it('changes only the fields an update sends', async () => {
    const full = { full_name: 'Joana Prado', avatar_url: 'https://exemplo.com/j.png', bio: 'Repórter.', payment_account: 'PIX' };
    expect((await portal.request('PUT', '/api/me/profile', { token: session.accessToken, body: full })).status).toBe(200);
    expect((await portal.request('PUT', '/api/me/profile', { token: session.accessToken, body: { bio: 'Editora em Belém.' } })).status).toBe(200);
    const me = await portal.request('GET', '/api/me', { token: session.accessToken });
    expect(me.body.profile).toMatchObject({ ...full, bio: 'Editora em Belém.' });
  });

  it('refuses control characters and stores the avatar URL normalized', async () => {
    const refused = await portal.request('PUT', '/api/me/profile', { token: session.accessToken, body: { full_name: 'Jo\u0000ana' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('O texto contém caracteres inválidos');
    const saved = await portal.request('PUT', '/api/me/profile', { token: session.accessToken, body: { avatar_url: 'https://Exemplo.com/a"b.png' } });
    expect(saved.status).toBe(200);
    expect((saved.body as { avatar_url: string }).avatar_url).toBe('https://exemplo.com/a%22b.png');
  });
});
