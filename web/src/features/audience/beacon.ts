// The audience beacons of the public pages (POST /api/analytics/beacon, shared/analytics.ts): what
// each one carries, and how it leaves the page. An anonymous reader's go through
// navigator.sendBeacon as text/plain (no preflight, no cookie, and they survive the page); a
// signed-in reader's through a keepalive fetch with the bearer, so the server can leave staff out.
import type { AdSlotName, BeaconInput, BeaconKind } from '../../../../shared/analytics';
// The rules without zod: this code is on every public page.
import { ANALYTICS_LIMITS } from '../../../../shared/analytics-rules';
import { postKeepalive, type PreparedRequest } from '../../lib/keepalive-post';

export const BEACON_PATH = '/analytics/beacon';

/** A beacon as the page builds it (the server fills in the defaults). */
export type BeaconBody = BeaconInput;

/** What a page view is known by in its beacons. */
export interface ViewIdentity {
  id: string;
  path: string;
  articleId?: string;
}

/** Where beacons go, resolved before they are needed: a beacon at pagehide cannot wait. */
export interface Transport {
  apiBase: string;
  /** Set for a signed-in reader (the bearer goes along); null for an anonymous one. */
  prepared: PreparedRequest | null;
}

/** The referrer's host when it is another site's (never its path or query); undefined otherwise. */
export function referrerHost(referrer: string, ownHost: string): string | undefined {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  if (!host || host === ownHost.toLowerCase() || host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) return undefined;
  return host;
}

const clamp = (value: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(0, value)) : 0);

export function viewBeacon(view: ViewIdentity, referrer?: string): BeaconBody {
  return { kind: 'view', page_view_id: view.id, path: view.path, article_id: view.articleId, referrer_host: referrer };
}

/** The exit of a view: visible seconds (capped) and the deepest scroll, 0–100. */
export function exitBeacon(view: ViewIdentity, seconds: number, scroll: number): BeaconBody {
  return {
    kind: 'exit',
    page_view_id: view.id,
    path: view.path,
    article_id: view.articleId,
    seconds_on_page: Math.floor(clamp(seconds, ANALYTICS_LIMITS.maxSecondsOnPage)),
    scroll_depth: Math.round(clamp(scroll, 100)),
  };
}

export function adBeacon(view: ViewIdentity, kind: Extract<BeaconKind, `ad_${string}`>, slot: AdSlotName): BeaconBody {
  return { kind, slot, page_view_id: view.id, path: view.path, article_id: view.articleId };
}

/** At most one beacon per (page view, kind, slot): true the first time only. */
export class OncePerKind {
  private readonly sent = new Set<string>();

  take({ page_view_id, kind, slot }: Pick<BeaconBody, 'page_view_id' | 'kind' | 'slot'>): boolean {
    const key = `${page_view_id} ${kind} ${slot ?? ''}`;
    if (this.sent.has(key)) return false;
    this.sent.add(key);
    return true;
  }
}

const once = new OncePerKind();

/** Sends a beacon (once per view, kind and slot); starts synchronously, errors are ignored. */
export function sendBeacon(transport: Transport, body: BeaconBody): void {
  if (!once.take(body)) return;
  if (transport.prepared?.token) {
    postKeepalive(transport.prepared, BEACON_PATH, body);
    return;
  }
  const url = `${transport.apiBase}${BEACON_PATH}`;
  const text = JSON.stringify(body);
  try {
    if (navigator.sendBeacon(url, text)) return;
  } catch {
    // No sendBeacon, or it refused: the fetch below does the same (a string body is text/plain).
  }
  fetch(url, { method: 'POST', body: text, keepalive: true, credentials: 'omit' }).catch(() => undefined);
}
