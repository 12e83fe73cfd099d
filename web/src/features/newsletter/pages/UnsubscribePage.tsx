// /newsletter/cancelar?token=… — the unsubscribe link at the end of every edition.
import { NEWSLETTER_MESSAGES } from '../../../../../shared/newsletter-rules';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { unsubscribe } from '../api/reader';
import { TokenAction } from '../components/TokenAction';

export default function UnsubscribePage() {
  usePageMeta(pageTitle('Cancelar inscrição na newsletter'));
  return (
    <TokenAction
      title="Cancelar inscrição"
      intro="Você vai deixar de receber a newsletter do Portal Plural neste e-mail. Pode se inscrever de novo quando quiser."
      action="Cancelar inscrição"
      danger
      doneTitle="Pronto"
      failedTitle="Não foi possível cancelar"
      invalidMessage={NEWSLETTER_MESSAGES.unsubscribeInvalid}
      fallbackError={NEWSLETTER_MESSAGES.unsubscribeError}
      run={unsubscribe}
    />
  );
}
