// The welcome e-mail a new account receives.
import type { EventDetail } from '../../platform/domain-events';
import type { USER_EVENTS } from '../../users/public';
import { renderEmail } from '../render';
import type { Mail } from '../transport';
import { MESSAGES } from '../../../shared/messages';
import { MailFootnote, MailLink } from './components';
import { Letter } from './letter';

export async function welcomeMail(user: EventDetail<typeof USER_EVENTS, 'UserSignedUp'>, siteUrl: string): Promise<Mail> {
  const created = 'Sua conta no Portal Plural foi criada com sucesso. Você já pode entrar e acompanhar as notícias da sua região.';
  const { html, text } = await renderEmail(
    <Letter
      preview={created}
      fullName={user.full_name}
      paragraphs={[created]}
      action={{ url: siteUrl, label: 'Acessar o Portal Plural' }}
      closing={[
        <>
          Quer escrever para o Portal? <MailLink href={`${siteUrl}/apply-author`}>Candidate-se a autor</MailLink>.
        </>,
      ]}
    />,
  );
  return { to: user.email, subject: 'Bem-vindo ao Portal Plural!', html, text };
}

/**
 * To the owner of an e-mail someone tried to sign up with: the sign-up was answered as a new one (nobody
 * learns who is registered), so the owner is the one told. No name: the one typed was the stranger's.
 */
export async function knownEmailMail(notice: EventDetail<typeof USER_EVENTS, 'SignUpWithKnownEmail'>, siteUrl: string): Promise<Mail> {
  const tried = `${MESSAGES.emailTaken}: alguém tentou criar outra no Portal Plural com ele. Nenhuma conta nova foi criada, e a sua continua como estava.`;
  const { html, text } = await renderEmail(
    <Letter
      preview={tried}
      fullName=""
      paragraphs={[tried, 'Se foi você, basta entrar com a sua conta. Se não foi, pode ignorar este e-mail.']}
      action={{ url: `${siteUrl}/auth`, label: 'Entrar no Portal Plural' }}
      footer={<MailFootnote>Você recebeu este e-mail porque este endereço foi informado no cadastro do Portal Plural.</MailFootnote>}
    />,
  );
  return { to: notice.email, subject: 'Tentativa de cadastro com o seu e-mail', html, text };
}
