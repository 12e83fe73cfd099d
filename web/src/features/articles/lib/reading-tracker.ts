// Reading history rules (spec 9): one record per page visit. Every 30 s the page checks whether the
// reader has spent at least 30 s and scrolled at least 25%; when leaving, a visit not yet recorded
// counts from 10 s on. Pure functions: the article page feeds them the clock and the scroll.
import type { ReadingInput } from '../../../../../shared/articles';
import { READING } from '../../../../../shared/reading-rules';

export interface ReadingSnapshot {
  /** Time on the page so far, in seconds. */
  seconds: number;
  /** Deepest scroll reached, 0–100. */
  scroll: number;
  /** Whether this visit already produced its record. */
  recorded: boolean;
  /** True at pagehide, unmount or a switch to another article. */
  atExit: boolean;
}

export function shouldRecord({ seconds, scroll, recorded, atExit }: ReadingSnapshot): boolean {
  if (recorded) return false;
  if (atExit) return seconds >= READING.minSecondsAtExit;
  return seconds >= READING.minSecondsAtCheck && scroll >= READING.minScrollAtCheck;
}

export interface ScrollMetrics {
  /** Pixels scrolled from the top (window.scrollY). */
  scrollTop: number;
  /** Visible height (window.innerHeight). */
  viewportHeight: number;
  /** Full height of the document (documentElement.scrollHeight). */
  documentHeight: number;
}

/** How far down the page the reader is, 0–100; a page that does not scroll is read to the end. */
export function scrollPercent({ scrollTop, viewportHeight, documentHeight }: ScrollMetrics): number {
  const scrollable = documentHeight - viewportHeight;
  if (!(scrollable > 0)) return READING.maxScroll;
  const percent = (Math.max(0, scrollTop) / scrollable) * 100;
  return clamp(Math.round(percent), 0, READING.maxScroll);
}

/** The body of POST /api/articles/{id}/reading, within the limits the server accepts. */
export function readingPayload(visitId: string, seconds: number, scroll: number): ReadingInput {
  return {
    visit_id: visitId,
    time_spent_seconds: clamp(Math.floor(seconds), 0, READING.maxSeconds),
    scroll_depth_percent: clamp(Math.round(scroll), 0, READING.maxScroll),
  };
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/**
 * Time on the page, counting only while the page is visible. `now` is a monotonic clock in
 * milliseconds (performance.now() in the browser); the page calls `visibility` on each change.
 */
export class VisitClock {
  private spent = 0;
  private since: number | null;

  constructor(now: number, visible: boolean) {
    this.since = visible ? now : null;
  }

  visibility(visible: boolean, now: number): void {
    if (visible && this.since === null) this.since = now;
    else if (!visible && this.since !== null) {
      this.spent += Math.max(0, now - this.since);
      this.since = null;
    }
  }

  seconds(now: number): number {
    const running = this.since === null ? 0 : Math.max(0, now - this.since);
    return Math.floor((this.spent + running) / 1000);
  }
}

/** A v4 UUID for the visit: crypto.randomUUID where the page is a secure context, else built by hand. */
export function newVisitId(source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
