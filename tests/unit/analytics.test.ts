import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema, beaconSchema } from '../../shared/analytics';
import { inTime } from '../../lambdas/analytics/connection';
import { GoogleApiError } from '../../lambdas/analytics/google/credentials';
import { beaconMessage } from '../../lambdas/analytics/ingest';
import { emptyVisitorDay, ZERO, type Counts } from '../../lambdas/analytics/items';
import { daysBetween } from '../../lambdas/analytics/report';
import { adFiguresOf, applyHits, figuresOf, MAX_ADS_PER_VISITOR_DAY, mergeDeltas, type Hit } from '../../lambdas/analytics/rollup';
import { readMessage } from '../../lambdas/analytics/worker';
import { dailySalt, isBotAgent, visitorHash } from '../../lambdas/analytics/visitor';

const KEY = 'a'.repeat(64);
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const viewer = { address: '203.0.113.7', userAgent: CHROME };
const ARTICLE = ['site', 'article#a1#author#u1', 'author#u1'];
const OTHER = ['site', 'article#a2#author#u2', 'author#u2'];

const view = (pageViewId: string, at: number, scopes = ARTICLE): Hit => ({ kind: 'view', pageViewId, at, scopes, seconds: 0 });
const exit = (pageViewId: string, at: number, seconds: number, scopes = ARTICLE): Hit => ({ kind: 'exit', pageViewId, at, scopes, seconds });
const ad = (kind: 'ad_request' | 'ad_impression' | 'ad_click', pageViewId: string, slot: Hit['slot'], at: number, scopes = ARTICLE): Hit => ({ kind, slot, pageViewId, at, scopes, seconds: 0 });
/** Counters with only the given fields set. */
const counts = (fields: Partial<Counts>): Counts => ({ ...ZERO, ...fields });

describe('the visitor hash', () => {
  it('is the same within a day and different the next, and never the address', () => {
    const today = visitorHash(KEY, '2026-11-26', viewer);
    expect(visitorHash(KEY, '2026-11-26', viewer)).toBe(today);
    expect(visitorHash(KEY, '2026-11-27', viewer)).not.toBe(today);
    expect(visitorHash(KEY, '2026-11-26', { ...viewer, userAgent: `${CHROME} Edg/131` })).not.toBe(today);
    expect(visitorHash('b'.repeat(64), '2026-11-26', viewer)).not.toBe(today);
    expect(today).not.toContain('203');
    expect(dailySalt(KEY, '2026-11-26')).not.toBe(dailySalt(KEY, '2026-11-27'));
  });

  it('drops crawlers and requests without a browser, keeps readers', () => {
    expect(isBotAgent(GOOGLEBOT)).toBe(true);
    expect(isBotAgent('curl/8.5.0')).toBe(true);
    expect(isBotAgent('')).toBe(true);
    expect(isBotAgent(CHROME)).toBe(false);
    const beacon = beaconSchema.parse({ kind: 'view', page_view_id: '0193a4b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b', path: '/' });
    expect(beaconMessage(beacon, { address: '1.1.1.1', userAgent: GOOGLEBOT }, KEY)).toBeUndefined();
    const message = beaconMessage(beacon, { ...viewer, roles: ['author'] }, KEY, Date.parse('2026-11-26T12:00:00Z'))!;
    expect(message).toMatchObject({ day: '2026-11-26', staff: true, at: Date.parse('2026-11-26T12:00:00Z') / 1000 });
    expect(readMessage(JSON.stringify(message))).toEqual(message);
    expect(readMessage('{"kind":"view"}')).toBeUndefined();
  });
});

describe('the beacon and the query schemas', () => {
  it('keeps scroll depth within 0–100 and asks for a page-view id', () => {
    const base = { kind: 'exit', page_view_id: '0193a4b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b', path: '/a', seconds_on_page: 12 };
    expect(beaconSchema.safeParse({ ...base, scroll_depth: 80 }).success).toBe(true);
    expect(beaconSchema.safeParse({ ...base, scroll_depth: 101 }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...base, page_view_id: 'x' }).success).toBe(false);
  });

  it('refuses reversed or over-long ranges', () => {
    expect(analyticsQuerySchema.safeParse({ startDate: '2026-11-01', endDate: '2026-11-30' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ startDate: '2026-11-30', endDate: '2026-11-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ startDate: '2026-01-01', endDate: '2026-12-31' }).success).toBe(false);
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

describe('sessions, bounces and idempotency', () => {
  it('counts a lone view as a session that bounced, and takes the bounce back at the second view', () => {
    const first = applyHits(emptyVisitorDay(), [view('p1', 1000)]);
    expect(first.deltas.get('site')).toEqual(counts({ views: 1, users: 1, sessions: 1, bounces: 1, seconds: 0 }));
    const second = applyHits(first.after, [view('p2', 1000 + 29 * 60, OTHER)]);
    // Same session (landed on the first article), a new user of the second article only.
    expect(second.deltas.get('site')).toEqual(counts({ views: 1, users: 0, sessions: 0, bounces: -1, seconds: 0 }));
    expect(second.deltas.get('author#u1')).toEqual(counts({ views: 0, users: 0, sessions: 0, bounces: -1, seconds: 0 }));
    expect(second.deltas.get('author#u2')).toEqual(counts({ views: 1, users: 1, sessions: 0, bounces: 0, seconds: 0 }));
  });

  it('starts a new session after 30 minutes without a view', () => {
    const { deltas } = applyHits(emptyVisitorDay(), [view('p1', 0), view('p2', 30 * 60), view('p3', 30 * 60 + 10)]);
    expect(deltas.get('site')).toEqual(counts({ views: 3, users: 1, sessions: 2, bounces: 1, seconds: 0 }));
  });

  it('counts a redelivered view or exit once', () => {
    const once = applyHits(emptyVisitorDay(), [view('p1', 0), exit('p1', 40, 40)]);
    const again = applyHits(once.after, [view('p1', 0), exit('p1', 40, 40)]);
    expect(again.deltas.size).toBe(0);
    expect(applyHits(emptyVisitorDay(), [view('p1', 0), view('p1', 0), exit('p1', 9, 30), exit('p1', 9, 30)]).deltas.get('site')).toEqual(counts({ views: 1, users: 1, sessions: 1, bounces: 1, seconds: 30 }));
  });

  it('folds a known batch of visitors into exact figures', () => {
    const visitors = [
      [view('a', 0), exit('a', 30, 30), view('b', 31, OTHER), exit('b', 51, 20, OTHER)],
      [view('c', 5), exit('c', 65, 60)],
      [view('d', 7), view('e', 8), exit('d', 8, 10), exit('e', 13, 5)],
      [view('f', 9, OTHER)],
    ].map((hits) => applyHits(emptyVisitorDay(), hits).deltas);
    const merged = mergeDeltas(visitors);
    expect(figuresOf(merged.get('author#u1')!)).toEqual({ totalUsers: 3, totalSessions: 3, totalPageViews: 4, avgSessionDuration: 35, bounceRate: 33.33 });
    expect(figuresOf(merged.get('author#u2')!)).toEqual({ totalUsers: 2, totalSessions: 1, totalPageViews: 2, avgSessionDuration: 20, bounceRate: 100 });
    expect(figuresOf(merged.get('site')!)).toEqual({ totalUsers: 4, totalSessions: 4, totalPageViews: 6, avgSessionDuration: 31, bounceRate: 50 });
  });
});

describe('ad beacons', () => {
  const PV = '0193a4b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b';

  it('asks a slot of the ad kinds only', () => {
    const base = { page_view_id: PV, path: '/artigo/x' };
    expect(beaconSchema.safeParse({ ...base, kind: 'ad_impression', slot: 'article_top' }).success).toBe(true);
    expect(beaconSchema.safeParse({ ...base, kind: 'ad_impression' }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...base, kind: 'ad_click', slot: 'sidebar' }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...base, kind: 'view', slot: 'home_top' }).success).toBe(false);
    const message = beaconMessage(beaconSchema.parse({ ...base, kind: 'ad_click', slot: 'home_top' }), viewer, KEY, Date.parse('2026-11-26T12:00:00Z'))!;
    expect(readMessage(JSON.stringify(message))).toMatchObject({ kind: 'ad_click', slot: 'home_top' });
  });

  it('counts each (page view, slot, kind) once, in the page view’s scopes, without touching sessions', () => {
    const hits = [
      view('p1', 0),
      ad('ad_request', 'p1', 'article_top', 1),
      ad('ad_request', 'p1', 'article_bottom', 1),
      ad('ad_impression', 'p1', 'article_top', 2),
      ad('ad_click', 'p1', 'article_top', 3),
      // The same beacons again (a retry): nothing more.
      ad('ad_request', 'p1', 'article_top', 1),
      ad('ad_click', 'p1', 'article_top', 3),
    ];
    const { after, deltas } = applyHits(emptyVisitorDay(), hits);
    const expected = counts({ views: 1, users: 1, sessions: 1, bounces: 1, ad_requests: 2, ad_impressions: 1, ad_clicks: 1 });
    for (const scope of ARTICLE) expect(deltas.get(scope), scope).toEqual(expected);
    expect(after.ads).toHaveLength(4);
    // A redelivered batch finds them all counted.
    expect(applyHits(after, hits).deltas.size).toBe(0);
    // A second page view's request of the same slot is its own.
    expect(applyHits(after, [ad('ad_request', 'p2', 'article_top', 40 * 60)]).deltas.get('site')).toEqual(counts({ ad_requests: 1 }));
  });

  it('keeps at most a bounded number of ad beacons per visitor day', () => {
    const many = Array.from({ length: MAX_ADS_PER_VISITOR_DAY + 5 }, (_, index) => ad('ad_request', `p${index}`, 'home_top', index));
    const { after, deltas } = applyHits(emptyVisitorDay(), many);
    expect(after.ads).toHaveLength(MAX_ADS_PER_VISITOR_DAY);
    expect(deltas.get('site')!.ad_requests).toBe(MAX_ADS_PER_VISITOR_DAY);
    expect(after.ads.every((key) => key.length === 12)).toBe(true);
  });

  it('gives first-party ad figures: no revenue nor fill rate, CTR in percent with two decimals', () => {
    expect(adFiguresOf(counts({ ad_requests: 9, ad_impressions: 7, ad_clicks: 2 }))).toEqual({ revenue: null, impressions: 7, clicks: 2, ctr: 28.57, fillRate: null, adRequests: 9 });
    expect(adFiguresOf(ZERO).ctr).toBe(0);
  });
});

describe('waiting on Google', () => {
  it('answers Google’s result in time, and a GoogleApiError with a reason past the budget', async () => {
    await expect(inTime(Promise.resolve(7), 50)).resolves.toBe(7);
    const slow = new Promise((resolve) => setTimeout(() => resolve('tarde'), 200));
    const late = await inTime(slow, 10).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(GoogleApiError);
    expect((late as GoogleApiError).reason).toMatch(/não respondeu a tempo/);
  });
});
