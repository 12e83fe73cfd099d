// /newsletter/confirmar?token=… — the link in the confirmation e-mail (double opt-in).
import { NEWSLETTER_MESSAGES } from '../../../../../shared/newsletter-rules';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { confirmSubscription } from '../api/reader';
import { TokenAction } from '../components/TokenAction';

export default function ConfirmPage() {
  usePageMeta(pageTitle('Confirmar inscrição na newsletter'));
  return (
    <TokenAction
      title="Confirme sua inscrição"
      intro="Falta só um passo para receber a newsletter do Portal Plural: confirme que este e-mail é seu."
      action="Confirmar inscrição"
      doneTitle="Tudo certo!"
      failedTitle="Não foi possível confirmar"
      invalidMessage={NEWSLETTER_MESSAGES.confirmInvalid}
      fallbackError={NEWSLETTER_MESSAGES.signupError}
      run={confirmSubscription}
    />
  );
}
