// The e-mails an applicant receives when a master decides their author application.
import type { EventDetail } from '../platform/domain-events';
import type { APPLICATION_EVENTS } from '../applications/public';
import type { Mail } from './transport';
import { escapeHtml } from './welcome';

type Approved = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationApproved'>;
type Rejected = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationRejected'>;

const firstName = (fullName: string) => fullName.split(/\s+/)[0] ?? fullName;

export function approvalMail(decision: Approved, siteUrl: string): Mail {
  const access = decision.account_created
    ? 'Criamos seu acesso: você receberá outro e-mail com uma senha temporária para o primeiro acesso, quando escolherá a sua.'
    : 'Entre com a sua conta de sempre: o papel de autor já está nela.';
  const text = [
    `Olá, ${firstName(decision.full_name)}!`,
    '',
    'Sua candidatura a autor do Portal Plural foi aprovada. Boas-vindas à equipe!',
    access,
    '',
    `Entre em ${siteUrl}/auth e comece a escrever em ${siteUrl}/create.`,
    '',
    'Equipe Portal Plural',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(firstName(decision.full_name))}!</p>
<p>Sua candidatura a autor do <strong>Portal Plural</strong> foi aprovada. Boas-vindas à equipe!</p>
<p>${escapeHtml(access)}</p>
<p><a href="${siteUrl}/auth">Entrar</a> e <a href="${siteUrl}/create">começar a escrever</a>.</p>
<p>Equipe Portal Plural</p>`;
  return { to: decision.email, subject: 'Sua candidatura a autor foi aprovada', text, html };
}

export function rejectionMail(decision: Rejected, siteUrl: string): Mail {
  const reason = decision.reason ? `Motivo: ${decision.reason}` : '';
  const text = [
    `Olá, ${firstName(decision.full_name)}!`,
    '',
    'Agradecemos seu interesse em escrever para o Portal Plural. Desta vez, sua candidatura a autor não foi aprovada.',
    ...(reason ? ['', reason] : []),
    '',
    `Você pode se candidatar novamente quando quiser em ${siteUrl}/apply-author.`,
    '',
    'Equipe Portal Plural',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(firstName(decision.full_name))}!</p>
<p>Agradecemos seu interesse em escrever para o <strong>Portal Plural</strong>. Desta vez, sua candidatura a autor não foi aprovada.</p>
${reason ? `<p>${escapeHtml(reason)}</p>` : ''}
<p>Você pode <a href="${siteUrl}/apply-author">se candidatar novamente</a> quando quiser.</p>
<p>Equipe Portal Plural</p>`;
  return { to: decision.email, subject: 'Sua candidatura a autor do Portal Plural', text, html };
}
