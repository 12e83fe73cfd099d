// The welcome e-mail a new account receives.
import type { EventDetail } from '../../platform/domain-events';
import type { USER_EVENTS } from '../../users/public';
import { renderEmail } from '../render';
import type { Mail } from '../transport';
import { MailLink } from './components';
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
