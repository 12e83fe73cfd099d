// Reading history of a signed-in reader on one article (spec 9, see reading-tracker.ts): one record per
// visit, sent at a 30 s check or when leaving. The token is fetched ahead of time so the exit record can
// start synchronously during pagehide or when the page is left. Framework-free: the app's hook
// (hooks/useReadingTracker.ts) and the audience island of a signed-in reader run the same code.
import { READING } from '../../../../../shared/reading-rules';
import { postKeepalive, type PreparedRequest } from '../../../lib/keepalive-post';
import { articleApiPath } from './paths';
import { newVisitId, readingPayload, scrollPercent, shouldRecord, VisitClock } from './reading-tracker';

/** The reader's API base and token now; null when nobody is signed in (nothing is recorded then). */
export type ReadingSession = () => Promise<PreparedRequest | null>;

/** Starts recording the visit; the returned function ends it (sending its record if it counts). */
export function trackReading(articleId: string, session: ReadingSession): () => void {
  const visitId = newVisitId();
  const clock = new VisitClock(performance.now(), document.visibilityState === 'visible');
  const path = `${articleApiPath(articleId)}/reading`;
  let maxScroll = 0;
  let recorded = false;
  let disposed = false;
  let prepared: PreparedRequest | null = null;
  let frame = 0;

  const measure = () => {
    const percent = scrollPercent({ scrollTop: window.scrollY, viewportHeight: window.innerHeight, documentHeight: document.documentElement.scrollHeight });
    maxScroll = Math.max(maxScroll, percent);
  };
  const snapshot = (atExit: boolean) => ({ seconds: clock.seconds(performance.now()), scroll: maxScroll, recorded, atExit });
  const prepare = async () => {
    try {
      prepared = await session();
    } catch (error) {
      console.error('reading: session unavailable', error);
    }
  };
  const send = (atExit: boolean) => {
    if (!prepared?.token) return;
    const state = snapshot(atExit);
    if (!shouldRecord(state)) return;
    recorded = true;
    postKeepalive(prepared, path, readingPayload(visitId, state.seconds, state.scroll));
  };
  const check = async () => {
    measure();
    await prepare();
    if (!disposed) send(false);
  };
  // When the page goes: the scroll measured so far is used.
  const exit = () => {
    if (!disposed) send(true);
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
}
