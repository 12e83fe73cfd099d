// Whether the page's slots get Google's ads: only with the reader's consent and a network code from
// GET /api/analytics/ad-config, and only once the page is interactive (loaded, then idle), so the ad
// tag never competes with the news. Otherwise, or when anything fails, the house ads stay. A choice
// made on the banner counts from the next page view (a navigation in the app, no reload needed): the
// answer is kept per page load and per choice, so accepting loads the tag then, and rejecting after
// accepting gives the following pages house ads (consent mode is updated at once, see consent-store).
import type { AdConfig } from '../../../../shared/analytics';
import { loadConfig } from '../../lib/config';
import { storedConsent } from './consent';

export interface AdTag {
  networkCode: string;
  gpt: typeof import('./gpt');
}

let pending: Promise<AdTag | null> | null = null;
/** The choice `pending` answered for. */
let answeredFor: string | undefined;

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

/** The ad tag for this page, or null for house ads. Asked once per page load and reader's choice. */
export function adTag(): Promise<AdTag | null> {
  const choice = storedConsent();
  const key = choice ? `${choice.ads}:${choice.at}` : '';
  if (key !== answeredFor) {
    answeredFor = key;
    pending = null;
  }
  pending ??= (async () => {
    if (!choice?.ads) return null;
    const code = await networkCode();
    if (!code) return null;
    await idle();
    return { networkCode: code, gpt: await import('./gpt') };
  })().catch(() => null);
  return pending;
}
