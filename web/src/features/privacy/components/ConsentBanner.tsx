// The consent banner's place in the layout. Nothing of it is in the server's HTML (cached, the same
// for everyone): useConsent answers "closed" on the server and while hydrating, and the panel itself
// is a lazy chunk, loaded only for a reader with no choice on the current text or who reopened it
// from the footer.
import { lazy, Suspense, useEffect } from 'react';
import { resendUnsentConsent, useConsent } from '../consent-store';

const ConsentPanel = lazy(() => import('./ConsentPanel'));

export function ConsentBanner() {
  const { choice, banner } = useConsent();
  useEffect(() => resendUnsentConsent(), []);
  if (banner === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <ConsentPanel mode={banner} choice={choice} />
    </Suspense>
  );
}
