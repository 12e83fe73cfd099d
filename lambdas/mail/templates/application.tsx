// The e-mails an applicant receives when a master decides their author application, and when another
// application comes with their e-mail or CPF while theirs is pending.
import { APPLICATION_MESSAGES } from '../../../shared/applications';
import type { APPLICATION_EVENTS } from '../../applications/public';
import type { EventDetail } from '../../platform/domain-events';
import { renderEmail } from '../render';
import type { Mail } from '../transport';
import { MailFootnote, MailLink } from './components';
import { Letter } from './letter';

type Approved = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationApproved'>;
type Rejected = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationRejected'>;
type Repeated = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationRepeated'>;

export async function approvalMail(decision: Approved, siteUrl: string): Promise<Mail> {
  const approved = 'Sua candidatura a autor do Portal Plural foi aprovada. Boas-vindas à equipe!';
  const access = decision.account_created
    ? 'Criamos seu acesso: você receberá outro e-mail com uma senha temporária para o primeiro acesso, quando escolherá a sua.'
    : 'Entre com a sua conta de sempre: o papel de autor já está nela.';
  const { html, text } = await renderEmail(
    <Letter
      preview={approved}
      fullName={decision.full_name}
      paragraphs={[
        approved,
        access,
        <>
          Para escrever, <MailLink href={`${siteUrl}/auth`}>entre no portal</MailLink> e abra o editor.
        </>,
      ]}
      action={{ url: `${siteUrl}/create`, label: 'Começar a escrever' }}
    />,
  );
  return { to: decision.email, subject: 'Sua candidatura a autor foi aprovada', html, text };
}

export async function rejectionMail(decision: Rejected, siteUrl: string): Promise<Mail> {
  const declined = 'Agradecemos seu interesse em escrever para o Portal Plural. Desta vez, sua candidatura a autor não foi aprovada.';
  const { html, text } = await renderEmail(
    <Letter
      preview={declined}
      fullName={decision.full_name}
      paragraphs={[declined, ...(decision.reason ? [`Motivo: ${decision.reason}`] : []), 'Você pode se candidatar novamente quando quiser.']}
      action={{ url: `${siteUrl}/apply-author`, label: 'Candidatar-se novamente' }}
      footer={<MailFootnote>Você recebeu este e-mail porque se candidatou a autor no Portal Plural.</MailFootnote>}
    />,
  );
  return { to: decision.email, subject: 'Sua candidatura a autor do Portal Plural', html, text };
}

/** To the applicant whose pending application shares the e-mail or CPF of a new one: only they are told (never the sender). */
export async function repeatedMail(notice: Repeated, siteUrl: string): Promise<Mail> {
  const pending = notice.matched === 'cpf' ? APPLICATION_MESSAGES.pendingCpf : APPLICATION_MESSAGES.pendingEmail;
  const received = 'Recebemos outra candidatura a autor com os seus dados enquanto a sua ainda está em análise.';
  const { html, text } = await renderEmail(
    <Letter
      preview={received}
      fullName={notice.full_name}
      paragraphs={[received, `${pending} Por isso, a nova não foi registrada: a sua segue em análise, como estava.`, 'Se não foi você quem a enviou, pode ignorar este e-mail; seus dados não foram alterados.']}
      action={{ url: siteUrl, label: 'Acessar o Portal Plural' }}
      footer={<MailFootnote>Você recebeu este e-mail porque tem uma candidatura a autor pendente no Portal Plural.</MailFootnote>}
    />,
  );
  return { to: notice.email, subject: 'Sua candidatura a autor segue em análise', html, text };
}
