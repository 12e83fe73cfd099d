import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema, beaconSchema } from '../../shared/analytics';
import { beaconMessage } from '../../lambdas/analytics/ingest';
import { emptyVisitorDay } from '../../lambdas/analytics/items';
import { daysBetween } from '../../lambdas/analytics/report';
import { applyHits, figuresOf, mergeDeltas, type Hit } from '../../lambdas/analytics/rollup';
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
    expect(first.deltas.get('site')).toEqual({ views: 1, users: 1, sessions: 1, bounces: 1, seconds: 0 });
    const second = applyHits(first.after, [view('p2', 1000 + 29 * 60, OTHER)]);
    // Same session (landed on the first article), a new user of the second article only.
    expect(second.deltas.get('site')).toEqual({ views: 1, users: 0, sessions: 0, bounces: -1, seconds: 0 });
    expect(second.deltas.get('author#u1')).toEqual({ views: 0, users: 0, sessions: 0, bounces: -1, seconds: 0 });
    expect(second.deltas.get('author#u2')).toEqual({ views: 1, users: 1, sessions: 0, bounces: 0, seconds: 0 });
  });

  it('starts a new session after 30 minutes without a view', () => {
    const { deltas } = applyHits(emptyVisitorDay(), [view('p1', 0), view('p2', 30 * 60), view('p3', 30 * 60 + 10)]);
    expect(deltas.get('site')).toEqual({ views: 3, users: 1, sessions: 2, bounces: 1, seconds: 0 });
  });

  it('counts a redelivered view or exit once', () => {
    const once = applyHits(emptyVisitorDay(), [view('p1', 0), exit('p1', 40, 40)]);
    const again = applyHits(once.after, [view('p1', 0), exit('p1', 40, 40)]);
    expect(again.deltas.size).toBe(0);
    expect(applyHits(emptyVisitorDay(), [view('p1', 0), view('p1', 0), exit('p1', 9, 30), exit('p1', 9, 30)]).deltas.get('site')).toEqual({
      views: 1,
      users: 1,
      sessions: 1,
      bounces: 1,
      seconds: 30,
    });
  });

  it('folds a known batch of visitors into exact figures', () => {
    const visitors = [
      [view('a', 0), exit('a', 30, 30), view('b', 31, OTHER), exit('b', 51, 20, OTHER)],
      [view('c', 5), exit('c', 65, 60)],
      [view('d', 7), view('e', 8), exit('d', 8, 10), exit('e', 13, 5)],
      [view('f', 9, OTHER)],
    ].map((hits) => applyHits(emptyVisitorDay(), hits).deltas);
    const merged = mergeDeltas(visitors);
    expect(figuresOf(merged.get('author#u1')!)).toEqual({ totalUsers: 3, totalSessions: 3, totalPageViews: 4, avgSessionDuration: 35, bounceRate: 33.3 });
    expect(figuresOf(merged.get('author#u2')!)).toEqual({ totalUsers: 2, totalSessions: 1, totalPageViews: 2, avgSessionDuration: 20, bounceRate: 100 });
    expect(figuresOf(merged.get('site')!)).toEqual({ totalUsers: 4, totalSessions: 4, totalPageViews: 6, avgSessionDuration: 31, bounceRate: 50 });
  });
});
