// Back from a provider's page, the browser may restore ours from its back-forward cache exactly as it
// was left: a button still spinning for a redirect that already happened.
import { useEffect, useRef } from 'react';

export function usePageRestored(onRestored: () => void): void {
  const callback = useRef(onRestored);
  useEffect(() => {
    callback.current = onRestored;
  });
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) callback.current();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
}
