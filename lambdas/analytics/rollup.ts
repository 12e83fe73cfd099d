// The rules that turn beacons into figures, as plain functions over one visitor's day:
// - a page view counts once (by its page-view id), and so does its exit;
// - a user is a visitor of the day: counted once per scope (the site, an article, its author);
// - a session is a visitor's views with gaps under 30 minutes; it belongs to the scopes of the view
//   it began with (its landing page, as analytics tools usually attribute them);
// - a bounce is a session of one view: counted when the session begins, taken back at its second view;
// - engaged time is the seconds on page the exit beacons report, added to the page's scopes;
// - an ad slot's request, impression and click count once each per page view, in the page's scopes;
// - whatever counts, counts within its address's day (SOURCE_LIMITS); the rest is discarded and
//   tallied by reason, as are bots' and staff's beacons.
import { createHash } from 'node:crypto';
import { ANALYTICS_LIMITS, type AdFigures, type AdSlotName, type BeaconKind } from '../../shared/analytics';
import { COUNT_FIELDS, emptySourceDay, noDiscards, ZERO, type Counts, type DiscardReason, type Discards, type SourceDay, type VisitorDay } from './items';

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
  /** Set when the beacon is discarded whatever the caps say (a bot's, or from staff). */
  drop?: 'bots' | 'staff';
}

/**
 * What one address group (an IPv4 address, an IPv6 /64: its source) may add to the figures in a UTC
 * day; its beacons past these are discarded and tallied by reason. The client cannot widen them: the
 * address is the one the edge saw, and the user-agent and ids it sends change nothing here.
 *
 * The arithmetic. A home has a handful of readers; an office or a school a few dozen; a mobile
 * carrier's shared address (CGNAT) is used by up to a couple of thousand subscribers over a day.
 * Suppose the portal reaches 5% of them in a day: 100 readers behind the busiest address, reading 4
 * pages each, 400 views: the day's cap is 500. The day's most read article draws about a tenth of a
 * regional portal's views: ~10 of those readers open it, the cap of one article's views. The home
 * and the lists are seen by most of them once (most arrive on an article from a search or a share):
 * 100. Browsers today send a reduced user-agent (the same string for every Chrome on Android of a
 * version), so the distinct visitors behind one address are far fewer than its readers: 30.
 * What it buys: a script with one address adds at most 10 views (and 10 users) to an article a day,
 * whatever user-agents it cycles through, and at most 500 to the whole site; to add 1,000 views to
 * one article it needs 100 addresses. What it costs: behind the busiest shared addresses, the day's
 * top story may be undercounted (its 11th reader from the same address is not counted).
 * Ads follow the pages: requests and impressions at most the page's views × the most slots a page
 * has (the home's 5); clicks at most 2 a page and 10 a day (a real click-through rate is under 1%).
 * Exits (time on page) are capped like views.
 */
export const SOURCE_LIMITS = {
  articleViews: 10,
  otherViews: 100,
  views: 500,
  visitors: 30,
  slotsPerPage: 5,
  pageClicks: 2,
  clicks: 10,
} as const;

/** Discarded beacons remembered per visitor day (12 characters each); past that they are still tallied. */
export const MAX_DROPPED_PER_VISITOR_DAY = 2000;

const AD_FIELDS = { ad_request: 'ad_requests', ad_impression: 'ad_impressions', ad_click: 'ad_clicks' } as const satisfies Partial<Record<BeaconKind, keyof Counts>>;

/** A beacon's identity in the visitor day (its ads and discards): 12 characters instead of ~60 keep the item small. */
export const beaconKey = (pageViewId: string, slot: string, kind: string): string => createHash('sha256').update(`${pageViewId}\n${slot}\n${kind}`).digest('base64url').slice(0, 12);

/** The page a hit's caps count it under: its article (8 characters of a hash keep the source's item small), or 'other' for every other page. */
export function pageOf(scopes: readonly string[]): string {
  const articleId = scopes.find((scope) => scope.startsWith('article#'))?.split('#')[1];
  return articleId ? createHash('sha256').update(articleId).digest('base64url').slice(0, 8) : 'other';
}

/** The kinds' letters in the source's keys. */
const KIND_LETTER: Record<BeaconKind, string> = { view: 'v', exit: 'x', ad_request: 'r', ad_impression: 'i', ad_click: 'c' };
const countKey = (kind: BeaconKind, page: string) => `${KIND_LETTER[kind]}#${page}`;

/** The cap of a kind of beacon on a page (or, with '*', the source's day). */
export function sourceCap(kind: BeaconKind, page: string): number {
  const views = page === '*' ? SOURCE_LIMITS.views : page === 'other' ? SOURCE_LIMITS.otherViews : SOURCE_LIMITS.articleViews;
  if (kind === 'ad_click') return page === '*' ? SOURCE_LIMITS.clicks : SOURCE_LIMITS.pageClicks;
  return kind === 'view' || kind === 'exit' ? views : views * SOURCE_LIMITS.slotsPerPage;
}

/** Why a hit may not count against its source's day; undefined when it may. */
function overLimit(source: SourceDay, visitor: string, hit: Hit): DiscardReason | undefined {
  const counted = (page: string) => source.counted[countKey(hit.kind, page)] ?? 0;
  if (!source.visitors.includes(visitor) && source.visitors.length >= SOURCE_LIMITS.visitors) return 'address_limit';
  if (counted('*') >= sourceCap(hit.kind, '*')) return 'address_limit';
  const page = pageOf(hit.scopes);
  return counted(page) >= sourceCap(hit.kind, page) ? 'page_limit' : undefined;
}

function take(source: SourceDay, visitor: string, hit: Hit): void {
  for (const key of [countKey(hit.kind, pageOf(hit.scopes)), countKey(hit.kind, '*')]) source.counted[key] = (source.counted[key] ?? 0) + 1;
  if (!source.visitors.includes(visitor)) source.visitors.push(visitor);
}

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

/** Whether the visitor's day already counted this hit (a retry or a redelivery). */
function counted(day: VisitorDay, hit: Hit): boolean {
  if (hit.kind === 'view') return day.views.includes(hit.pageViewId);
  if (hit.kind === 'exit') return day.exits.includes(hit.pageViewId);
  return day.ads.includes(beaconKey(hit.pageViewId, hit.slot ?? '', hit.kind));
}

export interface Applied {
  after: VisitorDay;
  /** The source's day with what this visitor's hits took of it. */
  source: SourceDay;
  deltas: Deltas;
  discards: Discards;
  /** Whether either day must be written. */
  changed: boolean;
}

/**
 * Applies a visitor's hits (in time order) to their day, within their source's caps: the new days,
 * what it adds to each scope, and what it discarded, by reason.
 */
export function applyHits(before: VisitorDay, hits: readonly Hit[], sourceBefore: SourceDay = emptySourceDay(), visitor = ''): Applied {
  const day: VisitorDay = { ...before, views: [...before.views], exits: [...before.exits], seen: [...before.seen], ads: [...before.ads], dropped: [...before.dropped], landing: [...before.landing] };
  const source: SourceDay = { ...sourceBefore, counted: { ...sourceBefore.counted }, visitors: [...sourceBefore.visitors] };
  const deltas: Deltas = new Map();
  const discards = noDiscards();
  let changed = false;
  const ordered = [...hits].sort((a, b) => a.at - b.at || rank(a) - rank(b));
  for (const hit of ordered) {
    const id = beaconKey(hit.pageViewId, hit.slot ?? '', hit.kind);
    if (counted(day, hit) || day.dropped.includes(id)) continue;
    const reason = hit.drop ?? overLimit(source, visitor, hit);
    if (reason) {
      discards[reason] += 1;
      if (day.dropped.length < MAX_DROPPED_PER_VISITOR_DAY) {
        day.dropped.push(id);
        changed = true;
      }
      continue;
    }
    take(source, visitor, hit);
    changed = true;
    if (hit.kind === 'ad_request' || hit.kind === 'ad_impression' || hit.kind === 'ad_click') {
      day.ads.push(id);
      add(deltas, hit.scopes, AD_FIELDS[hit.kind], 1);
      continue;
    }
    if (hit.kind === 'exit') {
      day.exits.push(hit.pageViewId);
      add(deltas, hit.scopes, 'seconds', Math.min(hit.seconds, ANALYTICS_LIMITS.maxSecondsOnPage));
      continue;
    }
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
  return { after: day, source, deltas, discards, changed };
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
