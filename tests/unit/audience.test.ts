import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../infra/security-headers';
import { AD_SLOTS, ANALYTICS_LIMITS, beaconSchema } from '../../shared/analytics';
import { CONSENT_VERSION } from '../../shared/privacy';
import { allSizes, sizeMapping, slotSize } from '../../web/src/features/audience/ad-sizes';
import { adBeacon, exitBeacon, OncePerKind, referrerHost, viewBeacon } from '../../web/src/features/audience/beacon';
import { adsConsent, CONSENT_KEY } from '../../web/src/features/audience/consent';

const VIEW = { id: '7f1c2a9e-4b3d-4c5e-9f60-1a2b3c4d5e6f', path: '/article/chuva-no-recife', articleId: '0b6c3e1a-2d4f-4a5b-8c7d-9e0f1a2b3c4d' };

describe('ad slot sizes per viewport (spec 9)', () => {
  it('gives home_top 970×250 and the others 728×90 from 1024×768', () => {
    expect(slotSize('home_top', { width: 1280, height: 800 })).toEqual([970, 250]);
    expect(slotSize('home_top', { width: 1024, height: 768 })).toEqual([970, 250]);
    for (const slot of AD_SLOTS.filter((name) => name !== 'home_top')) expect(slotSize(slot, { width: 1280, height: 800 })).toEqual([728, 90]);
  });
  it('needs both the width and the height for the desktop size', () => {
    expect(slotSize('home_top', { width: 1280, height: 700 })).toEqual([728, 90]);
    expect(slotSize('home_top', { width: 1023, height: 900 })).toEqual([728, 90]);
  });
  it('gives 728×90 from 768 px wide and 320×50 below', () => {
    for (const slot of AD_SLOTS) {
      expect(slotSize(slot, { width: 800, height: 1000 })).toEqual([728, 90]);
      expect(slotSize(slot, { width: 768, height: 400 })).toEqual([728, 90]);
      expect(slotSize(slot, { width: 767, height: 1000 })).toEqual([320, 50]);
      expect(slotSize(slot, { width: 390, height: 844 })).toEqual([320, 50]);
    }
  });
  it("maps GPT's viewports widest first, with every size in defineSlot's list", () => {
    expect(sizeMapping('home_top')).toEqual([
      [[1024, 768], [[970, 250], [728, 90]]],
      [[768, 0], [[728, 90]]],
      [[0, 0], [[320, 50]]],
    ]);
    expect(sizeMapping('article_top')[0]).toEqual([[1024, 768], [[728, 90]]]);
    expect(allSizes('home_top')).toEqual([[970, 250], [728, 90], [320, 50]]);
    expect(allSizes('event_bottom')).toEqual([[728, 90], [320, 50]]);
  });
  it('is the mapping the stylesheet reserves', () => {
    const css = readFileSync(new URL('../../web/src/styles/site.css', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(css).toMatch(/\.ad-slot-box \{ position: relative; width: 320px; height: 50px;/);
    expect(css).toMatch(/@media \(min-width: 768px\) \{ \.ad-slot-box \{ width: 728px; height: 90px; \}/);
    expect(css).toMatch(/@media \(min-width: 1024px\) and \(min-height: 768px\) \{ \.ad-slot\[data-ad-slot='home_top'\] \.ad-slot-box \{ width: 970px; height: 250px; \}/);
  });
});

describe('referrer host', () => {
  it("keeps only another site's host", () => {
    expect(referrerHost('https://www.google.com/search?q=recife', 'portal.example')).toBe('www.google.com');
    expect(referrerHost('http://News.Example.ORG:8080/a/b?c=d#e', 'portal.example')).toBe('news.example.org');
  });
  it('drops our own pages, no referrer and what is not a web address', () => {
    expect(referrerHost('https://portal.example/article/x', 'portal.example')).toBeUndefined();
    expect(referrerHost('', 'portal.example')).toBeUndefined();
    expect(referrerHost('android-app://com.google.android.gm/', 'portal.example')).toBeUndefined();
    expect(referrerHost('not a url', 'portal.example')).toBeUndefined();
  });
  it('is what the beacon accepts', () => {
    const body = viewBeacon(VIEW, referrerHost('https://t.co/abc', 'portal.example'));
    expect(body.referrer_host).toBe('t.co');
    expect(beaconSchema.safeParse(body).success).toBe(true);
  });
});

describe('once per (page view, kind, slot)', () => {
  it('lets each beacon through once', () => {
    const once = new OncePerKind();
    const request = adBeacon(VIEW, 'ad_request', 'article_top');
    expect(once.take(request)).toBe(true);
    expect(once.take(request)).toBe(false);
    expect(once.take(adBeacon(VIEW, 'ad_impression', 'article_top'))).toBe(true);
    expect(once.take(adBeacon(VIEW, 'ad_request', 'article_bottom'))).toBe(true);
    expect(once.take(adBeacon({ ...VIEW, id: 'c2a1f0e9-1111-4222-8333-944455566677' }, 'ad_request', 'article_top'))).toBe(true);
    expect(once.take(exitBeacon(VIEW, 5, 10))).toBe(true);
    expect(once.take(exitBeacon(VIEW, 50, 100))).toBe(false);
  });
  it('sends ad beacons with their slot, view and article, as the contract wants', () => {
    const click = adBeacon(VIEW, 'ad_click', 'home_feed_2');
    expect(click).toEqual({ kind: 'ad_click', slot: 'home_feed_2', page_view_id: VIEW.id, path: VIEW.path, article_id: VIEW.articleId });
    expect(beaconSchema.safeParse(click).success).toBe(true);
  });
});

describe('exit payload', () => {
  it('carries the view, whole visible seconds and the deepest scroll', () => {
    const exit = exitBeacon(VIEW, 42.9, 63.4);
    expect(exit).toEqual({ kind: 'exit', page_view_id: VIEW.id, path: VIEW.path, article_id: VIEW.articleId, seconds_on_page: 42, scroll_depth: 63 });
    expect(beaconSchema.safeParse(exit).success).toBe(true);
  });
  it('caps a tab left open and keeps the scroll within 0–100', () => {
    const long = exitBeacon(VIEW, 10 * 60 * 60, 130);
    expect(long.seconds_on_page).toBe(ANALYTICS_LIMITS.maxSecondsOnPage);
    expect(long.scroll_depth).toBe(100);
    const odd = exitBeacon({ id: VIEW.id, path: '/' }, Number.NaN, -5);
    expect(odd).toMatchObject({ seconds_on_page: 0, scroll_depth: 0 });
    expect(odd.article_id).toBeUndefined();
    expect(beaconSchema.safeParse(long).success && beaconSchema.safeParse(odd).success).toBe(true);
  });
});

describe('ads consent', () => {
  const storage = (value: string | null) => ({ getItem: (key: string) => (key === CONSENT_KEY ? value : null) });
  it('is given only by { "ads": true } on the current consent text', () => {
    expect(adsConsent(storage(JSON.stringify({ ads: true, version: CONSENT_VERSION })))).toBe(true);
    expect(adsConsent(storage('{"ads":true}'))).toBe(false);
    expect(adsConsent(storage('{"ads":true,"version":"2020-01-v0"}'))).toBe(false);
    expect(adsConsent(storage('{"ads":false}'))).toBe(false);
    expect(adsConsent(storage('{"ads":"true"}'))).toBe(false);
    expect(adsConsent(storage(null))).toBe(false);
    expect(adsConsent(storage('{broken'))).toBe(false);
    expect(adsConsent(undefined)).toBe(false);
  });
});

describe('the pages’ CSP and the ad tag', () => {
  it('admits Google Publisher Tag only when ads are switched on', () => {
    const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    const off = contentSecurityPolicy([]);
    const on = contentSecurityPolicy([], { ads: true });
    expect(off).not.toContain('doubleclick.net');
    expect(directive(on, 'script-src')).toContain('https://securepubads.g.doubleclick.net');
    expect(directive(on, 'frame-src')).toContain('https://*.safeframe.googlesyndication.com');
    expect(directive(on, 'connect-src')).toContain('https://securepubads.g.doubleclick.net');
    // Nothing else loosens: still no inline script but the boot script's hash.
    expect(directive(on, 'script-src')).not.toContain('unsafe-inline');
  });
});
