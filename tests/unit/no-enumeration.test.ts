// Sign-up and author applications tell nobody but the owner whether an e-mail or a CPF is known: the
// notices the API records become events, and the events become e-mails to the owner alone.
import { describe, expect, it } from 'vitest';
import { applicationEvents } from '../../lambdas/applications/events';
import { repeatNoticeItem } from '../../lambdas/applications/items';
import { repeatedMail } from '../../lambdas/mail/templates/application';
import { knownEmailMail } from '../../lambdas/mail/templates/welcome';
import { userEvents } from '../../lambdas/users/events';
import { signUpNotice } from '../../lambdas/users/store';

const SITE = 'https://portal.example.com.br';
const NOW = '2026-11-27T16:00:00.000Z';

describe('a sign-up with a known e-mail', () => {
  const item = signUpNotice.toItem('ana@exemplo.com', NOW);

  it('is one notice a day per address, kept two days, with no e-mail in its key', () => {
    expect(item).toMatchObject({ sk: '2026-11-27', entity: 'signup_notice', email: 'ana@exemplo.com', expires_at: Date.parse(NOW) / 1000 + 2 * 86400 });
    expect(String(item.pk)).not.toContain('ana');
    expect(signUpNotice.toItem('ana@exemplo.com', '2026-11-27T23:59:00.000Z').pk).toBe(item.pk);
    expect(signUpNotice.toItem('ana@exemplo.com', '2026-11-28T00:00:00.000Z').sk).toBe('2026-11-28');
  });

  it('becomes SignUpWithKnownEmail, and an e-mail to the owner with no name in it', async () => {
    const [event] = userEvents({ eventName: 'INSERT', newImage: item });
    expect(event).toEqual({ name: 'SignUpWithKnownEmail', source: 'portal.users', detail: { email: 'ana@exemplo.com', notice_id: `${String(item.pk)}#2026-11-27` } });
    expect(userEvents({ eventName: 'REMOVE', oldImage: item })).toEqual([]);
    const mail = await knownEmailMail({ email: 'ana@exemplo.com', notice_id: 'n1' }, SITE);
    expect(mail).toMatchObject({ to: 'ana@exemplo.com', subject: 'Tentativa de cadastro com o seu e-mail' });
    expect(mail.text).toContain('Olá!');
    expect(mail.text).toContain('Já existe uma conta com este email');
    expect(mail.text).toContain(`${SITE}/auth`);
  });
});

describe('an application with the e-mail or CPF of a pending one', () => {
  const pending = { id: 'a1', email: 'clara@exemplo.com', full_name: 'Clara Candidata' };

  it.each([
    ['email', 'Já existe uma candidatura pendente para este e-mail.'],
    ['cpf', 'Já existe uma candidatura pendente para este CPF.'],
  ] as const)('matching the %s becomes AuthorApplicationRepeated and an e-mail to the pending applicant saying so', async (matched, message) => {
    const item = repeatNoticeItem(pending, matched, NOW);
    expect(item).toMatchObject({ pk: 'APPLICATION#a1', sk: 'NOTICE#2026-11-27', entity: 'application_notice' });
    const [event] = applicationEvents({ eventName: 'INSERT', newImage: item });
    expect(event).toEqual({
      name: 'AuthorApplicationRepeated',
      source: 'portal.applications',
      detail: { application_id: 'a1', email: 'clara@exemplo.com', full_name: 'Clara Candidata', matched, notice_id: 'APPLICATION#a1#NOTICE#2026-11-27' },
    });
    const mail = await repeatedMail(event!.detail as never, SITE);
    expect(mail).toMatchObject({ to: 'clara@exemplo.com', subject: 'Sua candidatura a autor segue em análise' });
    expect(mail.text).toContain('Olá, Clara!');
    expect(mail.text).toContain(message);
  });

  it('is not mistaken for a decision, nor a decision for it', () => {
    expect(applicationEvents({ eventName: 'INSERT', newImage: { entity: 'author_application', id: 'a2', status: 'pending' } })).toEqual([]);
    expect(applicationEvents({ eventName: 'MODIFY', newImage: repeatNoticeItem(pending, 'cpf', NOW), oldImage: { status: 'pending' } })).toEqual([]);
  });
});
