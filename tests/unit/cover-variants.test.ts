// Responsive covers: the variant naming and widths shared by the worker and the web app, the srcset
// helper, the <img> the cover component renders (on the server too), the CoverConfirmed mapper and
// the WebP rendering itself (sharp, on small images).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaEvents } from '../../lambdas/media/events';
import { renderCoverVariants, UnusableCover } from '../../lambdas/media/variants';
import { coverVariantPath, variantWidthsFor } from '../../shared/cover-variants';
import { ArticleCover } from '../../web/src/features/articles/components/ArticleCard';
import { COVER_SIZES, coverSources } from '../../web/src/features/articles/lib/cover-sources';

const COVER = '/media/u-1/1700000000000.png';

describe('cover variant names and widths', () => {
  it('names a variant after the original, without its extension, with the width and .webp', () => {
    expect(coverVariantPath(COVER, 800)).toBe('/media/u-1/1700000000000-800.webp');
    expect(coverVariantPath('media/u-1/1700000000000.jpg', 400)).toBe('media/u-1/1700000000000-400.webp');
  });

  it('names nothing for covers that are not ours', () => {
    for (const other of ['https://exemplo.com.br/capa.png', '/media/../x.png', '/outro/1.png', '/media/u/1.gif', '']) {
      expect(coverVariantPath(other, 400), other).toBeUndefined();
    }
  });

  it('never upscales, and always writes one', () => {
    expect(variantWidthsFor(2400)).toEqual([400, 800, 1200]);
    expect(variantWidthsFor(1200)).toEqual([400, 800, 1200]);
    expect(variantWidthsFor(1000)).toEqual([400, 800, 1000]);
    expect(variantWidthsFor(800)).toEqual([400, 800]);
    expect(variantWidthsFor(320)).toEqual([320]);
  });
});

describe('coverSources (srcset and sizes)', () => {
  it('lists the variants that exist, smallest first, with the sizes of the layout', () => {
    expect(coverSources(COVER, [1200, 400, 800], 'card')).toEqual({
      src: COVER,
      srcSet: '/media/u-1/1700000000000-400.webp 400w, /media/u-1/1700000000000-800.webp 800w, /media/u-1/1700000000000-1200.webp 1200w',
      sizes: COVER_SIZES.card,
    });
    expect(coverSources(COVER, [400], 'article')).toEqual({ src: COVER, srcSet: '/media/u-1/1700000000000-400.webp 400w', sizes: COVER_SIZES.article });
  });

  it('keeps the original alone while no variant exists', () => {
    expect(coverSources(COVER, [], 'card')).toEqual({ src: COVER });
    expect(coverSources(COVER, undefined, 'featured')).toEqual({ src: COVER });
  });

  it('leaves external covers as they are', () => {
    expect(coverSources('https://exemplo.com.br/capa.png', [400, 800], 'card')).toEqual({ src: 'https://exemplo.com.br/capa.png' });
  });

  it('sizes the article cover to its 800 px column and the cards to the grid', () => {
    expect(COVER_SIZES.article).toBe('(min-width: 800px) 768px, 100vw');
    expect(COVER_SIZES.card).toMatch(/100vw$/);
  });
});

describe('ArticleCover, rendered on the server', () => {
  const render = (props: Parameters<typeof ArticleCover>[0]) => renderToStaticMarkup(createElement(ArticleCover, props));

  it('fetches the page’s main picture at once and first, with its srcset', () => {
    // React writes some names in camelCase (srcSet, fetchPriority): HTML attribute names ignore case.
    const html = render({ src: COVER, variants: [400, 800], layout: 'article', alt: 'Chuva no centro', priority: true });
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(/ fetchpriority="high"/i);
    expect(img).toContain(' loading="eager"');
    expect(img).toMatch(/ srcset="\/media\/u-1\/1700000000000-400\.webp 400w, \/media\/u-1\/1700000000000-800\.webp 800w"/i);
    expect(img).toContain(` sizes="${COVER_SIZES.article}"`);
    expect(img).toContain(` src="${COVER}"`);
    expect(img).toContain(' width="1200" height="675"');
    expect(img).toContain(' alt="Chuva no centro"');
    // React also preloads it from the page's head, with the same candidates and priority.
    expect(html).toMatch(/<link rel="preload" as="image" imagesrcset="[^"]+-400\.webp 400w[^"]*"[^>]* fetchpriority="high"/i);
  });

  it('lets every other cover wait, lazily, without a priority', () => {
    const html = render({ src: COVER, variants: [], alt: 'Feira' });
    expect(html).toContain(' loading="lazy"');
    expect(html).not.toMatch(/fetchpriority|srcset|preload/i);
    expect(html).toContain(` src="${COVER}"`);
  });

  it('draws the neutral block without a cover', () => {
    expect(render({ src: '', alt: 'Sem capa' })).toBe('<div class="article-cover"></div>');
  });
});

describe('CoverConfirmed from table changes', () => {
  const cover = { pk: 'MEDIA#media/u1/1.png', sk: 'COVER', entity: 'cover', key: 'media/u1/1.png', user_id: 'u1', content_type: 'image/png', confirmed_at: '2026-11-01T10:00:00.000Z' };

  it('is emitted when a cover item is inserted', () => {
    const events = mediaEvents({ eventName: 'INSERT', newImage: cover });
    expect(events.map((event) => event.name)).toEqual(['CoverConfirmed']);
    expect(events[0]).toMatchObject({ source: 'portal.media', detail: { key: 'media/u1/1.png', user_id: 'u1', content_type: 'image/png' } });
  });

  it('is not emitted again when the worker records the variants, nor for other entities', () => {
    expect(mediaEvents({ eventName: 'MODIFY', oldImage: cover, newImage: { ...cover, variants: [400] } })).toEqual([]);
    expect(mediaEvents({ eventName: 'INSERT', newImage: { entity: 'article' } })).toEqual([]);
    expect(mediaEvents({ eventName: 'REMOVE', oldImage: cover })).toEqual([]);
  });
});

describe('renderCoverVariants', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 180 } } }).png().toBuffer();

  it('writes WebP at each width, keeping the proportions', async () => {
    const rendered = await renderCoverVariants(await png(1600, 900));
    expect({ width: rendered.width, height: rendered.height }).toEqual({ width: 1600, height: 900 });
    const sizes = await Promise.all(rendered.variants.map(async (variant) => ({ named: variant.width, ...(await sharp(variant.body).metadata()) })));
    expect(sizes.map(({ named, format, width, height }) => ({ named, format, width, height }))).toEqual([
      { named: 400, format: 'webp', width: 400, height: 225 },
      { named: 800, format: 'webp', width: 800, height: 450 },
      { named: 1200, format: 'webp', width: 1200, height: 675 },
    ]);
  });

  it('never upscales a small original', async () => {
    const rendered = await renderCoverVariants(await png(320, 180));
    expect(rendered.variants.map((variant) => variant.width)).toEqual([320]);
    expect((await sharp(rendered.variants[0]!.body).metadata()).width).toBe(320);
  });

  it('gives up, for good, on what is not an image', async () => {
    await expect(renderCoverVariants(new TextEncoder().encode('isto não é uma imagem'))).rejects.toBeInstanceOf(UnusableCover);
  });
});
