// The e-mails an applicant receives when a master decides their author application.
import type { APPLICATION_EVENTS } from '../../applications/public';
import type { EventDetail } from '../../platform/domain-events';
import { renderEmail } from '../render';
import type { Mail } from '../transport';
import { MailFootnote, MailLink } from './components';
import { Letter } from './letter';

type Approved = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationApproved'>;
type Rejected = EventDetail<typeof APPLICATION_EVENTS, 'AuthorApplicationRejected'>;

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
