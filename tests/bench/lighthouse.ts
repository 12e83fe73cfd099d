// One Lighthouse run, as every bench runs it: the default (mobile) config, a fresh Chromium and profile
// per run. The benches take the median of several.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The first DOM node an audit's details name (Lighthouse nests it in a list of tables): its label and HTML. */
function lcpElement(details: unknown): string | null {
  const queue: unknown[] = [details];
  while (queue.length) {
    const value = queue.shift();
    if (!value || typeof value !== 'object') continue;
    const node = value as { type?: string; snippet?: string; nodeLabel?: string };
    if (node.type === 'node' && node.snippet) return node.nodeLabel ? `${node.nodeLabel} ${node.snippet}` : node.snippet;
    queue.push(...Object.values(value));
  }
  return null;
}

export async function lighthouseRun(url: string, chromiumPath: string) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-chrome-'));
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    return {
      scores: Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? NaN) * 100)])),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
      si: metric('speed-index'),
      // The element Lighthouse took as the largest paint, to tell what a slow LCP waits for.
      lcpElement: lcpElement(lhr.audits['largest-contentful-paint-element']?.details),
      // What costs the SEO score (a search page may be noindex on purpose).
      seoFailing: (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
    };
  } finally {
    const exited = new Promise((resolve) => (chrome.process.exitCode === null ? chrome.process.once('exit', resolve) : resolve(undefined)));
    chrome.kill();
    await exited;
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
