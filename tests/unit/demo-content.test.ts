import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../infra/local/demo-articles';
import { coverPng } from '../../infra/local/demo-covers';
import { articleCreateSchema, slugify } from '../../shared/articles';
import { cityByCode } from '../../shared/cities';

const published = DEMO_ARTICLES.filter((article) => article.status === 'published');

describe('demo content', () => {
  it('has at least 24 published articles, 6 of them premium, across at least 6 cities', () => {
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(published.filter((article) => article.visibility === 'premium').length).toBeGreaterThanOrEqual(6);
    expect(new Set(published.map((article) => article.city_code)).size).toBeGreaterThanOrEqual(6);
  });
  it('uses real municipalities and unique titles and slugs', () => {
    for (const article of DEMO_ARTICLES) expect(cityByCode(article.city_code), article.title).toBeDefined();
    expect(new Set(DEMO_ARTICLES.map((article) => article.title)).size).toBe(DEMO_ARTICLES.length);
    expect(new Set(DEMO_ARTICLES.map((article) => slugify(article.title))).size).toBe(DEMO_ARTICLES.length);
  });
  it('passes the article rules, with a lead paragraph first', () => {
    for (const article of DEMO_ARTICLES) {
      const result = articleCreateSchema.safeParse({ ...article, slug: slugify(article.title), cover_image: '' });
      expect(result.success, article.title).toBe(true);
      expect(article.content.trimStart().startsWith('<p>'), article.title).toBe(true);
    }
  });
  it('draws a 16:9 PNG cover locally', () => {
    const first = DEMO_ARTICLES[0];
    if (!first) throw new Error('no demo articles');
    const png = coverPng(first.cover, 0);
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([1200, 675]);
  });
});
