import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema, beaconSchema } from '../../shared/analytics';
import { inTime } from '../../lambdas/analytics/connection';
import { GoogleApiError } from '../../lambdas/analytics/google/credentials';
import { beaconMessage } from '../../lambdas/analytics/ingest';
import { emptySourceDay, emptyVisitorDay, noDiscards, ZERO, type Counts, type Discards, type SourceDay, type VisitorDay } from '../../lambdas/analytics/items';
import { daysBetween } from '../../lambdas/analytics/report';
import { adFiguresOf, applyHits, figuresOf, mergeDeltas, SOURCE_LIMITS, type Deltas, type Hit } from '../../lambdas/analytics/rollup';
import { readMessage } from '../../lambdas/analytics/worker';
import { dailySalt, isBotAgent, sourceHash, visitorHash } from '../../lambdas/analytics/visitor';
import { addressGroup } from '../../lambdas/platform/address-rate';
import type { BeaconMessage } from '../../lambdas/analytics/ingest';

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
    // A bot's beacon is marked, to be tallied as discarded, never counted.
    expect(beaconMessage(beacon, { address: '1.1.1.1', userAgent: GOOGLEBOT }, KEY)).toMatchObject({ bot: true, staff: false });
    const message = beaconMessage(beacon, { ...viewer, roles: ['author'] }, KEY, Date.parse('2026-11-26T12:00:00Z'));
    expect(message).toMatchObject({ day: '2026-11-26', staff: true, bot: false, at: Date.parse('2026-11-26T12:00:00Z') / 1000 });
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
    const message = beaconMessage(beaconSchema.parse({ ...base, kind: 'ad_click', slot: 'home_top' }), viewer, KEY, Date.parse('2026-11-26T12:00:00Z'));
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

  it('counts a page’s ad beacons from one address within the page’s caps, and tallies the rest', () => {
    const many = Array.from({ length: 100 }, (_, index) => ad('ad_impression', `p${index}`, 'article_top', index));
    const clicks = Array.from({ length: 5 }, (_, index) => ad('ad_click', `p${index}`, 'article_top', 200 + index));
    const { after, deltas, discards } = applyHits(emptyVisitorDay(), [...many, ...clicks]);
    expect(deltas.get('site')).toEqual(counts({ ad_impressions: SOURCE_LIMITS.articleViews * SOURCE_LIMITS.slotsPerPage, ad_clicks: SOURCE_LIMITS.pageClicks }));
    expect(discards.page_limit).toBe(100 - 50 + 5 - 2);
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

describe('the address group and its source hash', () => {
  it('is an IPv4 address whole, an IPv6 address’s /64, whatever the browser', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    const day = '2026-11-26';
    const source = sourceHash(KEY, day, '2001:db8:1:2::1');
    expect(sourceHash(KEY, day, '2001:db8:1:2:ffff::77')).toBe(source);
    expect(sourceHash(KEY, day, '2001:db8:1:3::1')).not.toBe(source);
    expect(sourceHash(KEY, '2026-11-27', '2001:db8:1:2::1')).not.toBe(source);
    // One device picking new addresses in its /64 is one visitor.
    expect(visitorHash(KEY, day, { address: '2001:db8:1:2::1', userAgent: CHROME })).toBe(visitorHash(KEY, day, { address: '2001:db8:1:2::abcd', userAgent: CHROME }));
    expect(source).not.toContain('2001');
  });
});

/**
 * The worker's fold without the table: messages grouped by visitor, each visitor's hits applied to
 * their day and their source's day in turn (as aggregate does), deltas merged and discards summed.
 */
function fold(messages: BeaconMessage[], days = new Map<string, VisitorDay>(), sources = new Map<string, SourceDay>()) {
  const groups = new Map<string, { visitor: string; source: string; hits: Hit[] }>();
  for (const message of messages) {
    const group = groups.get(message.visitor) ?? { visitor: message.visitor, source: message.source, hits: [] };
    const drop = message.bot ? 'bots' : message.staff ? 'staff' : undefined;
    const scopes = message.article_id ? ['site', `article#${message.article_id}#author#u1`, 'author#u1'] : ['site'];
    group.hits.push({ kind: message.kind, slot: message.slot, pageViewId: message.page_view_id, at: message.at, scopes, seconds: message.seconds_on_page, ...(drop ? { drop } : {}) });
    groups.set(message.visitor, group);
  }
  const deltas: Deltas[] = [];
  const discards: Discards = noDiscards();
  for (const group of groups.values()) {
    const applied = applyHits(days.get(group.visitor) ?? emptyVisitorDay(), group.hits, sources.get(group.source) ?? emptySourceDay(), group.visitor);
    days.set(group.visitor, applied.after);
    sources.set(group.source, applied.source);
    deltas.push(applied.deltas);
    for (const reason of Object.keys(discards) as (keyof Discards)[]) discards[reason] += applied.discards[reason];
  }
  return { merged: mergeDeltas(deltas), discards, days, sources };
}

describe('audience figures one address cannot inflate', () => {
  const ARTICLE_ID = '0193a4b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
  const at = Date.parse('2026-11-26T12:00:00Z');
  const pageView = (index: number) => `0193a4b2-1c2d-7e3f-8a9b-${String(index).padStart(12, '0')}`;
  const beaconFrom = (address: string, userAgent: string, index: number, kind: 'view' | 'ad_click' = 'view') =>
    beaconMessage(
      beaconSchema.parse({ kind, ...(kind === 'view' ? {} : { slot: 'article_top' }), page_view_id: pageView(index), path: `/artigo/${ARTICLE_ID}`, article_id: ARTICLE_ID }),
      { address, userAgent },
      KEY,
      at + index * 1000,
    );

  it('counts 30 user-agents from one address as at most an article’s cap of views and users', () => {
    const messages = Array.from({ length: 30 }, (_, index) => beaconFrom('198.51.100.9', `${CHROME} variante-${index}`, index));
    const { merged, discards } = fold(messages);
    const article = merged.get(`article#${ARTICLE_ID}#author#u1`)!;
    expect(article.views).toBe(SOURCE_LIMITS.articleViews);
    expect(article.users).toBe(SOURCE_LIMITS.articleViews);
    expect(merged.get('site')!.users).toBe(SOURCE_LIMITS.articleViews);
    expect(discards).toEqual({ ...noDiscards(), page_limit: 30 - SOURCE_LIMITS.articleViews });
  });

  it('counts 200 views with one user-agent as the article’s cap, and again nothing when the batch comes back', () => {
    const messages = Array.from({ length: 200 }, (_, index) => beaconFrom('198.51.100.10', CHROME, index));
    const first = fold(messages);
    expect(first.merged.get('site')).toMatchObject({ views: SOURCE_LIMITS.articleViews, users: 1 });
    expect(first.discards.page_limit).toBe(200 - SOURCE_LIMITS.articleViews);
    // Redelivered: counted and discarded beacons alike are known.
    const again = fold(messages, first.days, first.sources);
    expect(again.merged.size).toBe(0);
    expect(again.discards).toEqual(noDiscards());
  });

  it('keeps counting readers behind other addresses, and the /64 of an IPv6 reader as one address', () => {
    const crowd = Array.from({ length: 30 }, (_, index) => beaconFrom(`198.51.100.${100 + index}`, CHROME, index));
    expect(fold(crowd).merged.get('site')).toMatchObject({ views: 30, users: 30 });
    const rotating = Array.from({ length: 30 }, (_, index) => beaconFrom(`2001:db8:7:7::${index.toString(16)}`, `${CHROME} ${index}`, index));
    expect(fold(rotating).merged.get('site')!.views).toBe(SOURCE_LIMITS.articleViews);
  });

  it('caps an address’s day across articles and its distinct browsers', () => {
    const articles = Array.from({ length: 60 }, (_, index) => `0193a4b2-1c2d-7e3f-8a9b-${String(index).padStart(12, '0')}`);
    const messages = articles.flatMap((articleId, a) =>
      Array.from({ length: 10 }, (_, index) =>
        beaconMessage(
          beaconSchema.parse({ kind: 'view', page_view_id: pageView(a * 100 + index), path: `/artigo/${articleId}`, article_id: articleId }),
          { address: '198.51.100.11', userAgent: `${CHROME} ${index % 3}` },
          KEY,
          at + a * 1000 + index,
        ),
      ),
    );
    const { merged, discards } = fold(messages);
    expect(merged.get('site')!.views).toBe(SOURCE_LIMITS.views);
    expect(discards.address_limit).toBe(600 - SOURCE_LIMITS.views);
    const browsers = Array.from({ length: 40 }, (_, index) => ({ ...beaconFrom('198.51.100.12', `${CHROME} n${index}`, index), article_id: undefined, path: '/' }));
    const home = fold(browsers);
    expect(home.merged.get('site')).toMatchObject({ views: SOURCE_LIMITS.visitors, users: SOURCE_LIMITS.visitors });
    expect(home.discards.address_limit).toBe(40 - SOURCE_LIMITS.visitors);
  });

  it('tallies bots and staff as discarded, never counted', () => {
    const bot = beaconMessage(beaconSchema.parse({ kind: 'view', page_view_id: pageView(1), path: '/' }), { address: '198.51.100.13', userAgent: GOOGLEBOT }, KEY, at);
    const staff = beaconMessage(beaconSchema.parse({ kind: 'view', page_view_id: pageView(2), path: '/' }), { address: '198.51.100.13', userAgent: CHROME, roles: ['master'] }, KEY, at);
    const { merged, discards } = fold([bot, staff]);
    expect(merged.size).toBe(0);
    expect(discards).toEqual({ ...noDiscards(), bots: 1, staff: 1 });
  });

  it('caps ad clicks from one address per page and per day', () => {
    const clicks = Array.from({ length: 20 }, (_, index) => beaconFrom('198.51.100.14', `${CHROME} ${index}`, index, 'ad_click'));
    const { merged, discards } = fold(clicks);
    expect(merged.get('site')!.ad_clicks).toBe(SOURCE_LIMITS.pageClicks);
    expect(discards.page_limit).toBe(20 - SOURCE_LIMITS.pageClicks);
  });
});
