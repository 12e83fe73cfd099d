// The rules that turn beacons into figures, as plain functions over one visitor's day:
// - a page view counts once (by its page-view id), and so does its exit;
// - a user is a visitor of the day: counted once per scope (the site, an article, its author);
// - a session is a visitor's views with gaps under 30 minutes; it belongs to the scopes of the view
//   it began with (its landing page, as analytics tools usually attribute them);
// - a bounce is a session of one view: counted when the session begins, taken back at its second view;
// - engaged time is the seconds on page the exit beacons report, added to the page's scopes;
// - an ad slot's request, impression and click count once each per page view, in the page's scopes.
import { createHash } from 'node:crypto';
import { ANALYTICS_LIMITS, type AdFigures, type AdSlotName, type BeaconKind } from '../../shared/analytics';
import { COUNT_FIELDS, ZERO, type Counts, type VisitorDay } from './items';

export interface Hit {
  kind: BeaconKind;
  /** The ad slot, for the ad kinds. */
  slot?: AdSlotName;
  pageViewId: string;
  /** Epoch seconds, when the edge received it. */
  at: number;
  /** The page's scope keys: 'site', and the article's and its author's when it is an article. */
  scopes: readonly string[];
  seconds: number;
}

/** A visitor's day past this many views is a script, not a reader: the rest are ignored. */
export const MAX_VIEWS_PER_VISITOR_DAY = 500;
/** Ad beacons kept per visitor day (a dozen slots × three kinds over a long day of reading); past it, not counted. */
export const MAX_ADS_PER_VISITOR_DAY = 2000;

const AD_FIELDS = { ad_request: 'ad_requests', ad_impression: 'ad_impressions', ad_click: 'ad_clicks' } as const satisfies Partial<Record<BeaconKind, keyof Counts>>;

/** An ad beacon's identity in the visitor day: 12 characters instead of ~60 keep the item small. */
export const adKey = (pageViewId: string, slot: string, kind: string): string => createHash('sha256').update(`${pageViewId}\n${slot}\n${kind}`).digest('base64url').slice(0, 12);

// Views first at the same second: an exit or an ad of a page never opens its session.
const rank = (hit: Hit) => (hit.kind === 'view' ? 0 : 1);

export type Deltas = Map<string, Counts>;

function add(deltas: Deltas, scopes: readonly string[], field: keyof Counts, amount: number): void {
  for (const scope of scopes) {
    const counts = deltas.get(scope) ?? { ...ZERO };
    counts[field] += amount;
    deltas.set(scope, counts);
  }
}

/** Applies a visitor's hits (in time order) to their day: the new day and what it adds to each scope. */
export function applyHits(before: VisitorDay, hits: readonly Hit[]): { after: VisitorDay; deltas: Deltas } {
  const day: VisitorDay = { ...before, views: [...before.views], exits: [...before.exits], seen: [...before.seen], ads: [...before.ads], landing: [...before.landing] };
  const deltas: Deltas = new Map();
  const ordered = [...hits].sort((a, b) => a.at - b.at || rank(a) - rank(b));
  for (const hit of ordered) {
    if (hit.kind === 'ad_request' || hit.kind === 'ad_impression' || hit.kind === 'ad_click') {
      const key = adKey(hit.pageViewId, hit.slot ?? '', hit.kind);
      if (day.ads.includes(key) || day.ads.length >= MAX_ADS_PER_VISITOR_DAY) continue;
      day.ads.push(key);
      add(deltas, hit.scopes, AD_FIELDS[hit.kind], 1);
      continue;
    }
    if (hit.kind === 'exit') {
      if (day.exits.includes(hit.pageViewId) || day.exits.length >= MAX_VIEWS_PER_VISITOR_DAY) continue;
      day.exits.push(hit.pageViewId);
      add(deltas, hit.scopes, 'seconds', Math.min(hit.seconds, ANALYTICS_LIMITS.maxSecondsOnPage));
      continue;
    }
    if (day.views.includes(hit.pageViewId) || day.views.length >= MAX_VIEWS_PER_VISITOR_DAY) continue;
    day.views.push(hit.pageViewId);
    add(deltas, hit.scopes, 'views', 1);
    const unseen = hit.scopes.filter((scope) => !day.seen.includes(scope));
    add(deltas, unseen, 'users', 1);
    day.seen.push(...unseen);
    const newSession = day.last_at === undefined || hit.at - day.last_at >= ANALYTICS_LIMITS.sessionGapSeconds;
    if (newSession) {
      day.session_views = 1;
      day.landing = [...hit.scopes];
      add(deltas, day.landing, 'sessions', 1);
      add(deltas, day.landing, 'bounces', 1);
    } else {
      day.session_views += 1;
      // Its second view: the session did not bounce after all.
      if (day.session_views === 2) add(deltas, day.landing, 'bounces', -1);
    }
    day.last_at = Math.max(day.last_at ?? hit.at, hit.at);
  }
  return { after: day, deltas };
}

/** Sums deltas of several visitors, dropping scopes left with nothing to write. */
export function mergeDeltas(all: readonly Deltas[]): Deltas {
  const merged: Deltas = new Map();
  for (const deltas of all) {
    for (const [scope, counts] of deltas) {
      for (const field of COUNT_FIELDS) add(merged, [scope], field, counts[field]);
    }
  }
  for (const [scope, counts] of merged) if (Object.values(counts).every((value) => value === 0)) merged.delete(scope);
  return merged;
}

/** The summary of some counters (one scope over days, or one day). */
export function figuresOf(counts: Counts) {
  return {
    totalUsers: counts.users,
    totalSessions: counts.sessions,
    totalPageViews: counts.views,
    avgSessionDuration: counts.sessions ? Math.round(counts.seconds / counts.sessions) : 0,
    bounceRate: counts.sessions ? Math.round((counts.bounces / counts.sessions) * 10000) / 100 : 0,
  };
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 100 : 0);

/** The ad summary of some counters: what our beacons saw (revenue and fill rate are Ad Manager's to know). */
export function adFiguresOf(counts: Counts): AdFigures {
  return {
    revenue: null,
    impressions: counts.ad_impressions,
    clicks: counts.ad_clicks,
    ctr: percent(counts.ad_clicks, counts.ad_impressions),
    fillRate: null,
    adRequests: counts.ad_requests,
  };
}
