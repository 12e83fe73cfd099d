import { describe, expect, it } from 'vitest';
import { cacheKey, EdgeCache, sharedMaxAge } from '../../infra/local/edge-cache';
import { PAGE_CACHE } from '../../lambdas/pages/contract';

const key = (address: string) => cacheKey(new URL(address, 'http://localhost'));
const page = (cacheControl?: string) => {
  const headers: Record<string, string> = { 'content-type': 'text/html' };
  if (cacheControl !== undefined) headers['cache-control'] = cacheControl;
  return { status: 200, headers, body: '<html></html>' };
};

describe('cacheKey', () => {
  it('is the path alone when no parameter that changes a page is there', () => {
    expect(key('/')).toBe('/');
    expect(key('/article/um-artigo')).toBe('/article/um-artigo');
    expect(key('/article/um-artigo#comentarios')).toBe('/article/um-artigo');
  });
  it('keeps city and page, in that order whatever the order of the address', () => {
    expect(key('/?city=campinas-sp')).toBe('/?city=campinas-sp');
    expect(key('/?page=2&city=campinas-sp')).toBe('/?city=campinas-sp&page=2');
    expect(key('/?city=campinas-sp&page=2')).toBe('/?city=campinas-sp&page=2');
    expect(key('/author/u1?page=3')).toBe('/author/u1?page=3');
  });
  it('drops every other parameter (campaign tags, click ids), so they share one cached page', () => {
    expect(key('/?utm_source=whatsapp&utm_medium=social&fbclid=abc')).toBe('/');
    expect(key('/?utm_source=x&page=2&gclid=y&city=campinas-sp&utm_campaign=z')).toBe('/?city=campinas-sp&page=2');
    expect(key('/article/um-artigo?utm_source=newsletter')).toBe('/article/um-artigo');
  });
});

describe('sharedMaxAge', () => {
  it('reads s-maxage, the shared caches’ lifetime', () => {
    expect(sharedMaxAge(PAGE_CACHE.rendered)).toBe(86400);
    expect(sharedMaxAge(PAGE_CACHE.notFound)).toBe(300);
    expect(sharedMaxAge(PAGE_CACHE.shell)).toBe(3600);
    expect(sharedMaxAge('s-maxage=10')).toBe(10);
    expect(sharedMaxAge('public,s-maxage=60')).toBe(60);
  });
  it('is 0 without s-maxage (max-age is the browser’s)', () => {
    expect(sharedMaxAge(undefined)).toBe(0);
    expect(sharedMaxAge('')).toBe(0);
    expect(sharedMaxAge('public, max-age=300')).toBe(0);
    expect(sharedMaxAge('no-store')).toBe(0);
  });
});

describe('EdgeCache', () => {
  const t0 = Date.UTC(2026, 10, 1, 12);

  it('keeps a page for its s-maxage, and no longer', () => {
    const cache = new EdgeCache();
    cache.put('/', page('public, max-age=0, s-maxage=60'), t0);
    expect(cache.get('/', t0)).toMatchObject({ status: 200, body: '<html></html>', storedAt: t0, maxAgeSeconds: 60 });
    expect(cache.get('/', t0 + 59_999)).toBeDefined();
    expect(cache.get('/', t0 + 60_000)).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 1 });
  });
  it('keeps a rendered page a day', () => {
    const cache = new EdgeCache();
    cache.put('/article/a', page(PAGE_CACHE.rendered), t0);
    expect(cache.get('/article/a', t0 + 86_399_000)).toBeDefined();
    expect(cache.get('/article/a', t0 + 86_400_000)).toBeUndefined();
  });
  it('does not store an answer without s-maxage', () => {
    const cache = new EdgeCache();
    cache.put('/a', page(), t0);
    cache.put('/b', page('public, max-age=300'), t0);
    cache.put('/c', page('no-store'), t0);
    cache.put('/d', page('public, s-maxage=0'), t0);
    for (const path of ['/a', '/b', '/c', '/d']) expect(cache.get(path, t0)).toBeUndefined();
    expect(cache.hits).toBe(0);
  });
  it('misses a key it never stored', () => {
    const cache = new EdgeCache();
    expect(cache.get('/nada', t0)).toBeUndefined();
    expect(cache.misses).toBe(1);
  });

  describe('invalidate', () => {
    const KEYS = ['/', '/?city=campinas-sp', '/?city=campinas-sp&page=2', '/author/a', '/author/a?page=2', '/author/ab', '/article/um-artigo', '/campinas-sp/um-artigo'];
    const filled = () => {
      const cache = new EdgeCache();
      for (const stored of KEYS) cache.put(stored, page(PAGE_CACHE.rendered), t0);
      return cache;
    };
    const left = (cache: EdgeCache) => KEYS.filter((stored) => cache.get(stored, t0));

    it('drops exactly the page an exact path names', () => {
      const cache = filled();
      expect(cache.invalidate(['/', '/article/um-artigo'])).toBe(2);
      expect(left(cache)).toEqual(['/?city=campinas-sp', '/?city=campinas-sp&page=2', '/author/a', '/author/a?page=2', '/author/ab', '/campinas-sp/um-artigo']);
    });
    it('drops every page that starts like a path ending in *', () => {
      const cache = filled();
      // '/?*' is every city and page of the home, not the home itself.
      expect(cache.invalidate(['/?*'])).toBe(2);
      expect(left(cache)).toContain('/');
      expect(left(cache)).not.toContain('/?city=campinas-sp');
      // '/author/a?*' is the author's other pages, not another author whose id starts the same.
      expect(cache.invalidate(['/author/a?*'])).toBe(1);
      expect(left(cache)).toEqual(['/', '/author/a', '/author/ab', '/article/um-artigo', '/campinas-sp/um-artigo']);
    });
    it('drops everything for /*', () => {
      const cache = filled();
      expect(cache.invalidate(['/*'])).toBe(KEYS.length);
      expect(left(cache)).toEqual([]);
    });
    it('drops nothing for paths that name no stored page', () => {
      const cache = filled();
      expect(cache.invalidate(['/article/outro', '/author/b?*', '/author'])).toBe(0);
      expect(cache.invalidate([])).toBe(0);
      expect(left(cache)).toEqual(KEYS);
    });
    it('the purge of an article event empties the pages it shows on and no other', () => {
      const cache = filled();
      cache.invalidate(['/', '/?*', '/author/a', '/author/a?*', '/article/um-artigo', '/campinas-sp/um-artigo']);
      expect(left(cache)).toEqual(['/author/ab']);
    });
  });
});
