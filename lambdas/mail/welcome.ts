// The welcome e-mail a new account receives.
import type { EventDetail } from '../platform/domain-events';
import type { USER_EVENTS } from '../users/public';
import type { Mail } from './transport';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function welcomeMail(user: EventDetail<typeof USER_EVENTS, 'UserSignedUp'>, siteUrl: string): Mail {
  const firstName = user.full_name.split(/\s+/)[0] ?? user.full_name;
  const text = [
    `Olá, ${firstName}!`,
    '',
    'Sua conta no Portal Plural foi criada com sucesso. Você já pode entrar e acompanhar as notícias da sua região.',
    '',
    `Acesse: ${siteUrl}`,
    '',
    'Quer escrever para o Portal? Candidate-se a autor em ' + `${siteUrl}/apply-author`,
    '',
    'Equipe Portal Plural',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(firstName)}!</p>
<p>Sua conta no <strong>Portal Plural</strong> foi criada com sucesso. Você já pode entrar e acompanhar as notícias da sua região.</p>
<p><a href="${siteUrl}">Acessar o Portal Plural</a></p>
<p>Quer escrever para o Portal? <a href="${siteUrl}/apply-author">Candidate-se a autor</a>.</p>
<p>Equipe Portal Plural</p>`;
  return { to: user.email, subject: 'Bem-vindo ao Portal Plural!', text, html };
}
