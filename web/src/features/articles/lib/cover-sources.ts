// The <img> attributes of a cover: the original as `src`, and the WebP variants the API says exist
// (`cover_variants`) as `srcset`, with `sizes` matching where the cover sits. Only widths the worker
// has written are listed, so a variant never shows broken; without any (an external cover, or one
// published before its variants were ready) the original stands alone.
import { coverVariantPath } from '../../../../../shared/cover-variants';

/**
 * How wide each kind of cover is drawn (web/src/styles/site.css): the layout's container is 1140 px
 * (1108 inside its padding), the article column 800 (768).
 */
export const COVER_SIZES = {
  /** The lead story: 3/5 of the container beside the compact column from 992 px, the full width below. */
  featured: '(min-width: 992px) 660px, 100vw',
  /** Grid cards: four in a row from 992 px (about 262 px; three of 240 under an article), two from 640, one below. */
  card: '(min-width: 992px) 270px, (min-width: 640px) 50vw, 100vw',
  /** The thumbnail beside a compact card (96 px on the smallest phones). */
  compact: '112px',
  /** The article's own cover: the width of its column. */
  article: '(min-width: 800px) 768px, 100vw',
} as const;

export type CoverLayout = keyof typeof COVER_SIZES;

export interface CoverSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export function coverSources(src: string, variants: readonly number[] | undefined, layout: CoverLayout): CoverSources {
  // Our own covers only: the path is what the API validated (/media/<user>/<timestamp>.<ext>).
  const candidates = src.startsWith('/media/')
    ? [...new Set(variants ?? [])]
        .filter((width) => Number.isInteger(width) && width > 0)
        .sort((a, b) => a - b)
        .flatMap((width) => {
          const path = coverVariantPath(src, width);
          return path ? [`${path} ${width}w`] : [];
        })
    : [];
  return candidates.length ? { src, srcSet: candidates.join(', '), sizes: COVER_SIZES[layout] } : { src };
}
