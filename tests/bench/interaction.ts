// A tap on the header's menu button on a phone, measured the way Chromium reports interactions to
// Interaction to Next Paint: Event Timing entries (PerformanceObserver type 'event', durationThreshold
// 16 ms) of the tap, at 4x CPU slowdown, 390 px wide, once the page's islands (or its app) are ready.
import type { Browser, Page } from '@playwright/test';
import { ENTRY_ATTRIBUTE, ISLANDS_READY_ATTRIBUTE } from '../../shared/boot-script';
import { median, round } from './util';

export const TAP_RUNS = 3;
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'pt-BR' };
/** Event Timing's smallest threshold: a tap that paints sooner leaves no 'event' entry. */
const DURATION_THRESHOLD = 16;

/**
 * Waits until the page is ready for a reader, as the e2e fixture does: its islands mounted, or the app
 * holding #root, or at once on a page the server did not render. Tells which.
 */
export async function pageStarted(page: Page, timeout = 60_000): Promise<'islands' | 'app' | 'not server-rendered'> {
  const handle = await page.waitForFunction(
    ({ entryAttribute, readyAttribute }) => {
      const html = document.documentElement;
      if (!html.hasAttribute(entryAttribute)) return 'not server-rendered';
      if (html.hasAttribute(readyAttribute)) return 'islands';
      const root = document.getElementById('root');
      return root && Object.keys(root).some((key) => key.startsWith('__reactContainer')) ? 'app' : false;
    },
    { entryAttribute: ENTRY_ATTRIBUTE, readyAttribute: ISLANDS_READY_ATTRIBUTE },
    { timeout },
  );
  return (await handle.jsonValue()) as 'islands' | 'app' | 'not server-rendered';
}

interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

async function tapRun(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const started = await pageStarted(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate((threshold) => {
      const seen: unknown[] = [];
      (window as unknown as { __benchEvents: unknown[] }).__benchEvents = seen;
      new PerformanceObserver((list) => {
        // interactionId is newer than this TypeScript's DOM types.
        for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
          const { name, startTime, duration, processingStart, processingEnd, interactionId } = entry;
          seen.push({ name, startTime, duration, processingStart, processingEnd, interactionId });
        }
      }).observe({ type: 'event', durationThreshold: threshold } as PerformanceObserverInit);
    }, DURATION_THRESHOLD);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const button = page.locator('header').getByRole('button', { name: /menu/i }).first();
    const tappedAt = await page.evaluate(() => performance.now());
    await button.tap({ timeout: 10_000 });
    // Entries are queued after the next paint: two frames and a moment later they have been delivered.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
    const entries = ((await page.evaluate(() => (window as unknown as { __benchEvents: EventEntry[] }).__benchEvents)) ?? []).filter(
      (entry) => entry.startTime >= tappedAt && entry.interactionId > 0,
    );
    const opened = await page.evaluate(() => {
      const header = document.querySelector('header');
      const expanded = header?.querySelector('[aria-expanded="true"]');
      const dialog = [...document.querySelectorAll('[role="dialog"]')].some((element) => element.getClientRects().length > 0);
      return Boolean(expanded || dialog);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The interaction's latency is its longest event (pointerdown, pointerup or click), as INP counts it.
    const longest = entries.reduce<EventEntry | undefined>((worst, entry) => (!worst || entry.duration > worst.duration ? entry : worst), undefined);
    return {
      started,
      opened,
      latency_ms: longest ? longest.duration : null,
      events: entries.map((entry) => ({
        name: entry.name,
        duration_ms: entry.duration,
        input_delay_ms: round(entry.processingStart - entry.startTime, 1),
        processing_ms: round(entry.processingEnd - entry.processingStart, 1),
        processing_end_to_next_paint_ms: round(entry.startTime + entry.duration - entry.processingEnd, 1),
      })),
    };
  } finally {
    await context.close();
  }
}

export type TapRun = Awaited<ReturnType<typeof tapRun>>;

/** Several fresh loads, one tap each; the median latency, where a tap with no entry counts as under the threshold. */
export async function tapToNextPaint(browser: Browser, url: string) {
  const runs: TapRun[] = [];
  for (let run = 0; run < TAP_RUNS; run++) runs.push(await tapRun(browser, url));
  const latencies = runs.map((run) => run.latency_ms ?? DURATION_THRESHOLD);
  return {
    method: `Event Timing (type 'event', durationThreshold ${DURATION_THRESHOLD}), tap on the header's menu button, ${PHONE.viewport.width} px phone, ${CPU_SLOWDOWN}x CPU slowdown through CDP; a tap without an entry painted within ${DURATION_THRESHOLD} ms and counts as ${DURATION_THRESHOLD}`,
    median_of: runs.length,
    latency_ms: median(latencies),
    latency_ms_per_run: runs.map((run) => run.latency_ms),
    started: [...new Set(runs.map((run) => run.started))],
    /** Whether the tap opened a menu (aria-expanded on the header's button, or a visible dialog) in every run. */
    opened_every_run: runs.every((run) => run.opened),
    events_of_median_run: runs.find((run) => (run.latency_ms ?? DURATION_THRESHOLD) === median(latencies))?.events ?? runs[0]?.events ?? [],
  };
}
