// Whether the page's slots get Google's ads: only with the reader's consent and a network code from
// GET /api/analytics/ad-config, and only once the page is interactive (loaded, then idle), so the ad
// tag never competes with the news. Otherwise, or when anything fails, the house ads stay.
import type { AdConfig } from '../../../../shared/analytics';
import { loadConfig } from '../../lib/config';
import { adsConsent } from './consent';

export interface AdTag {
  networkCode: string;
  gpt: typeof import('./gpt');
}

let pending: Promise<AdTag | null> | null = null;

function idle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(() => resolve(), { timeout: 3000 }) : window.setTimeout(resolve, 1000));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

async function networkCode(): Promise<string | null> {
  const { apiBase } = await loadConfig();
  const response = await fetch(`${apiBase}/analytics/ad-config`, { headers: { Accept: 'application/json' }, credentials: 'omit' });
  if (!response.ok) return null;
  const config = (await response.json()) as Partial<AdConfig>;
  return typeof config.networkCode === 'string' && /^\d+(,\d+)?$/.test(config.networkCode) ? config.networkCode : null;
}

/** The ad tag for this page, or null for house ads. Asked once per page load. */
export function adTag(): Promise<AdTag | null> {
  pending ??= (async () => {
    if (!adsConsent()) return null;
    const code = await networkCode();
    if (!code) return null;
    await idle();
    return { networkCode: code, gpt: await import('./gpt') };
  })().catch(() => null);
  return pending;
}
