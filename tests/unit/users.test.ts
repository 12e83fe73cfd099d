import { describe, expect, it } from 'vitest';
import { userEvents } from '../../lambdas/users/events';
import { welcomeMail } from '../../lambdas/mail/templates/welcome';

const names = (events: { name: string }[]) => events.map((event) => event.name);

describe('users events', () => {
  const profile = { entity: 'profile', id: 'u1', email: 'ana@exemplo.com', full_name: 'Ana', created_at: '2026-11-22T00:00:00Z' };
  it('turns a new profile into UserSignedUp', () => {
    expect(userEvents({ eventName: 'INSERT', newImage: profile })).toEqual([
      { name: 'UserSignedUp', source: 'portal.users', detail: { user_id: 'u1', email: 'ana@exemplo.com', full_name: 'Ana', created_at: '2026-11-22T00:00:00Z', origin: 'sign-up' } },
    ]);
  });
  it('publishes nothing for a profile saved unchanged or a role', () => {
    expect(userEvents({ eventName: 'MODIFY', newImage: profile, oldImage: profile })).toEqual([]);
    expect(userEvents({ eventName: 'INSERT', newImage: { entity: 'role', role: 'master' } })).toEqual([]);
  });
});

describe('UserProfileUpdated', () => {
  const before = {
    entity: 'profile',
    id: 'u1',
    email: 'ana@exemplo.com',
    full_name: 'Ana',
    bio: 'Repórter em Campinas.',
    avatar_url: '/media/avatars/u1.webp',
    created_at: '2026-11-22T00:00:00Z',
    updated_at: '2026-11-22T00:00:00Z',
  };
  const modify = (changes: Record<string, unknown>) =>
    userEvents({ eventName: 'MODIFY', oldImage: before, newImage: { ...before, updated_at: '2026-11-23T09:00:00Z', ...changes } });

  it('is published when the name changes, saying what changed', () => {
    expect(modify({ full_name: 'Ana Souza' })).toEqual([
      { name: 'UserProfileUpdated', source: 'portal.users', detail: { user_id: 'u1', changed: ['full_name'], updated_at: '2026-11-23T09:00:00Z' } },
    ]);
  });
  it('lists each of name, bio and avatar that changed', () => {
    expect(modify({ bio: 'Editora.', avatar_url: '/media/avatars/u1-2.webp' })[0]?.detail.changed).toEqual(['bio', 'avatar_url']);
    expect(modify({ full_name: 'Ana S.', bio: '', avatar_url: null })[0]?.detail.changed).toEqual(['full_name', 'bio', 'avatar_url']);
  });
  it('is not published for changes readers do not see', () => {
    expect(modify({ email: 'ana.souza@exemplo.com' })).toEqual([]);
    expect(modify({ payment_account: 'cus_123' })).toEqual([]);
    // A bio or avatar going from absent to empty shows the same page.
    expect(userEvents({ eventName: 'MODIFY', oldImage: { ...before, bio: undefined }, newImage: { ...before, bio: '' } })).toEqual([]);
  });
  it('is not published for a new profile (that is UserSignedUp) nor for other items', () => {
    expect(names(userEvents({ eventName: 'INSERT', newImage: before }))).toEqual(['UserSignedUp']);
    expect(userEvents({ eventName: 'MODIFY', oldImage: { entity: 'role', id: 'u1', full_name: 'a' }, newImage: { entity: 'role', id: 'u1', full_name: 'b' } })).toEqual([]);
    expect(userEvents({ eventName: 'REMOVE', oldImage: before })).toEqual([]);
  });
});

describe('the welcome e-mail', () => {
  it('greets by first name in pt-BR and escapes HTML in the name', async () => {
    const mail = await welcomeMail({ user_id: 'u', email: 'a@b.com', full_name: '<b>Zé</b> Silva', created_at: '', origin: 'sign-up' }, 'http://localhost:3000');
    expect(mail.subject).toBe('Bem-vindo ao Portal Plural!');
    expect(mail.text).toContain('Olá, <b>Zé</b>!');
    expect(mail.html).toContain('Olá, &lt;b&gt;Zé&lt;/b&gt;!');
    expect(mail.html).not.toContain('<b>Zé');
  });
});
