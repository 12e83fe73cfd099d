// Reading history of signed-in readers in the app (spec 9): lib/reading-session.ts records the visit;
// while the reader is signed out nothing is sent.
import { useEffect, useRef } from 'react';
import { prepareRequest } from '../../../lib/keepalive';
import { trackReading } from '../lib/reading-session';

export function useReadingTracker(articleId: string | undefined, signedIn: boolean) {
  const signedInRef = useRef(signedIn);
  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    if (!articleId) return;
    return trackReading(articleId, () => (signedInRef.current ? prepareRequest() : Promise.resolve(null)));
  }, [articleId]);
}
