// Reading history of signed-in readers (spec 9, see lib/reading-tracker.ts): one record per visit, sent
// at a 30 s check or when leaving. The token is fetched ahead of time so the exit record can start
// synchronously during pagehide or unmount.
import { useEffect, useRef } from 'react';
import { READING } from '../../../../../shared/article-rules';
import { prepareRequest, type PreparedRequest } from '../../../lib/keepalive';
import { recordReading, recordReadingAtExit } from '../api/reading';
import { newVisitId, readingPayload, scrollPercent, shouldRecord, VisitClock } from '../lib/reading-tracker';

export function useReadingTracker(articleId: string | undefined, signedIn: boolean) {
  const signedInRef = useRef(signedIn);
  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    if (!articleId) return;
    const visitId = newVisitId();
    const clock = new VisitClock(performance.now(), document.visibilityState === 'visible');
    let maxScroll = 0;
    let recorded = false;
    let disposed = false;
    let prepared: PreparedRequest | null = null;
    let frame = 0;

    const measure = () => {
      const percent = scrollPercent({
        scrollTop: window.scrollY,
        viewportHeight: window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      });
      maxScroll = Math.max(maxScroll, percent);
    };
    const snapshot = (atExit: boolean) => ({ seconds: clock.seconds(performance.now()), scroll: maxScroll, recorded, atExit });

    const prepare = async () => {
      if (!signedInRef.current) {
        prepared = null;
        return;
      }
      try {
        prepared = await prepareRequest();
      } catch (error) {
        console.error('reading: session unavailable', error);
      }
    };

    const check = async () => {
      measure();
      await prepare();
      if (disposed || !prepared?.token) return;
      const state = snapshot(false);
      if (!shouldRecord(state)) return;
      recorded = true;
      recordReading(articleId, readingPayload(visitId, state.seconds, state.scroll)).catch((error: unknown) =>
        console.error('reading record failed', error),
      );
    };

    // At unmount the page may already show something else: the scroll measured so far is used.
    const exit = () => {
      if (disposed || !signedInRef.current || !prepared?.token) return;
      const state = snapshot(true);
      if (!shouldRecord(state)) return;
      recorded = true;
      recordReadingAtExit(prepared, articleId, readingPayload(visitId, state.seconds, state.scroll));
    };

    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    const onVisibility = () => clock.visibility(document.visibilityState === 'visible', performance.now());
    const onPageHide = () => {
      measure();
      exit();
    };

    void prepare();
    const firstMeasure = window.setTimeout(measure, 1000);
    const timer = window.setInterval(() => void check(), READING.checkEverySeconds * 1000);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      exit();
      disposed = true;
      window.clearTimeout(firstMeasure);
      window.clearInterval(timer);
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [articleId]);
}
