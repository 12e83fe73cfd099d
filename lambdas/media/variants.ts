// Responsive cover variants, drawn with sharp (libvips; prebuilt binaries, also for Lambda arm64):
// WebP at the widths shared/cover-variants.ts lists, never wider than the original. Pure: bytes in,
// bytes out; the worker (variants-worker.ts) reads and writes the bucket.
import sharp from 'sharp';
import { variantWidthsFor } from '../../shared/cover-variants';

/**
 * Originals above this many pixels are not decoded (a 5 MB PNG may claim 400 megapixels, and the
 * worker has 1.5 GB): they keep no variants, and the page shows the original.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** What confirm lets through (magic bytes checked there): anything else here is refused again. */
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP = { quality: 80, effort: 4 } as const;

export interface CoverVariantImage {
  /** Its true width, which also names it. */
  width: number;
  body: Buffer;
}

export interface RenderedCover {
  /** The original's size, as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  variants: CoverVariantImage[];
}

/** An original no retry can help with (not an image sharp reads, or too large): no variants for it. */
export class UnusableCover extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'UnusableCover';
  }
}

export async function renderCoverVariants(original: Uint8Array): Promise<RenderedCover> {
  const input = () => sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
  const meta = await input()
    .metadata()
    .catch((error: unknown) => {
      throw new UnusableCover('unreadable image', { cause: error });
    });
  if (!FORMATS.has(meta.format)) throw new UnusableCover(`unexpected format ${meta.format}`);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new UnusableCover(`too many pixels: ${meta.width}x${meta.height}`);
  const { width, height } = meta.autoOrient;
  const variants: CoverVariantImage[] = [];
  // One at a time: a Lambda has one or two cores, and each decode holds the whole image in memory.
  for (const target of variantWidthsFor(width)) {
    const body = await input()
      .resize({ width: target, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer()
      .catch((error: unknown) => {
        throw new UnusableCover('image failed to decode', { cause: error });
      });
    variants.push({ width: target, body });
  }
  return { width, height, variants };
}
