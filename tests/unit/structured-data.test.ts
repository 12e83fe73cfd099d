import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  buildArticleJsonLd,
  PAYWALL_SELECTOR,
  serializeJsonLd,
  type StructuredArticle,
} from '../../web/src/features/articles/lib/structured-data';

const ORIGIN = 'https://portal.example';

function article(overrides: Partial<StructuredArticle> = {}): StructuredArticle {
  return {
    id: 'a1',
    title: 'Chuvas alagam o centro de Campinas',
    summary: 'Temporal de fim de tarde deixou ruas alagadas e trânsito lento.',
    cover_image: '/media/u1/1700000000.jpg',
    visibility: 'public',
    published_at: '2026-03-05T12:00:00.000Z',
    updated_at: '2026-03-06T08:30:00.000Z',
    tags: ['chuva', 'campinas'],
    author: { id: 'u1', full_name: 'Ana Beatriz Costa', avatar_url: '' },
    locations: [
      {
        location_type: 'city',
        code: '3509502',
        location_name: 'Campinas',
        state_code: 'SP',
        location_path: 'sp/campinas',
        confidence: 1,
        is_primary: true,
      },
    ],
    ...overrides,
  };
}

describe('buildArticleJsonLd', () => {
  it('describes a public article as a NewsArticle', () => {
    const data = buildArticleJsonLd(article(), { origin: ORIGIN, url: '/article/chuvas-alagam' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Chuvas alagam o centro de Campinas',
      description: 'Temporal de fim de tarde deixou ruas alagadas e trânsito lento.',
      image: ['https://portal.example/media/u1/1700000000.jpg'],
      datePublished: '2026-03-05T12:00:00.000Z',
      dateModified: '2026-03-06T08:30:00.000Z',
      author: { '@type': 'Person', name: 'Ana Beatriz Costa', url: 'https://portal.example/author/u1' },
      publisher: { '@type': 'Organization', name: 'Portal de Notícias' },
      sourceOrganization: { '@type': 'Organization', name: 'Portal de Notícias' },
      countryOfOrigin: 'BR',
      locationCreated: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'BR' } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://portal.example/article/chuvas-alagam' },
      isAccessibleForFree: true,
      keywords: 'chuva, campinas',
    });
    expect(data.contentLocation).toEqual([
      {
        '@type': 'Place',
        name: 'Campinas, SP',
        address: { '@type': 'PostalAddress', addressLocality: 'Campinas', addressRegion: 'SP', addressCountry: 'BR' },
      },
    ]);
    expect(data).not.toHaveProperty('hasPart');
  });

  it('marks a premium article as paywalled, pointing at the wrapper of its body', () => {
    const data = buildArticleJsonLd(article({ visibility: 'premium' }), { origin: ORIGIN, url: '/article/x' });
    expect(data.isAccessibleForFree).toBe(false);
    expect(data.hasPart).toEqual({ '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled-content' });
    expect(PAYWALL_SELECTOR).toBe('.paywalled-content');
  });

  it('keeps absolute cover URLs and leaves out a missing cover or date', () => {
    const withRemote = buildArticleJsonLd(article({ cover_image: 'https://cdn.example/c.png' }), { origin: ORIGIN, url: '/a' });
    expect(withRemote.image).toEqual(['https://cdn.example/c.png']);
    const bare = buildArticleJsonLd(article({ cover_image: '', published_at: null, updated_at: 'not a date', tags: [], locations: [] }), {
      origin: ORIGIN,
      url: '/a',
    });
    expect(bare).not.toHaveProperty('image');
    expect(bare).not.toHaveProperty('datePublished');
    expect(bare).not.toHaveProperty('dateModified');
    expect(bare).not.toHaveProperty('keywords');
    expect(bare).not.toHaveProperty('contentLocation');
  });

  it('names an author whose profile is gone "Autor Anônimo"', () => {
    const data = buildArticleJsonLd(article({ author: { id: '', full_name: '', avatar_url: '' } }), { origin: ORIGIN, url: '/a' });
    expect(data.author).toEqual({ '@type': 'Person', name: 'Autor Anônimo' });
  });
});

describe('absoluteUrl', () => {
  it('resolves our paths against the origin', () => {
    expect(absoluteUrl('/media/a.jpg', ORIGIN)).toBe('https://portal.example/media/a.jpg');
    expect(absoluteUrl('/media/a.jpg', `${ORIGIN}/`)).toBe('https://portal.example/media/a.jpg');
    expect(absoluteUrl('', ORIGIN)).toBe('');
    expect(absoluteUrl('/x', '')).toBe('');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it sits in', () => {
    const json = serializeJsonLd({ headline: '</script><script>alert(1)</script> & more' });
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ headline: '</script><script>alert(1)</script> & more' });
  });
});
