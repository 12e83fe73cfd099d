// Responsive covers: the WebP widths the cover-variants worker (lambdas/media/variants-worker.ts)
// writes next to each confirmed cover, and how a variant is named. One rule for the worker that
// writes them and the web app that asks for them.

/** Widths in pixels, smallest first. */
export const COVER_VARIANT_WIDTHS = [400, 800, 1200] as const;

/** Our own confirmed covers: /media/<userId>/<timestamp>.<ext> (or a key without the leading slash). */
const OWN_COVER = /^(\/?media\/(?:[\w-]+\/)*[\w-]+)\.(?:jpg|png|webp)$/;

/** `media/u/1.png`, 800 -> `media/u/1-800.webp`; undefined for anything that is not one of our covers. */
export function coverVariantPath(original: string, width: number): string | undefined {
  const stem = OWN_COVER.exec(original)?.[1];
  return stem === undefined ? undefined : `${stem}-${width}.webp`;
}

/**
 * The widths to write for an original this wide, each the true width of its file (a srcset's `w`
 * descriptors must not lie): those of COVER_VARIANT_WIDTHS narrower than the original, then one at
 * the original's own width, capped at the largest. Never upscaled, never none: 2000 -> 400, 800,
 * 1200; 1000 -> 400, 800, 1000; 320 -> 320.
 */
export function variantWidthsFor(originalWidth: number): number[] {
  const largest = Math.min(Math.floor(originalWidth), COVER_VARIANT_WIDTHS[COVER_VARIANT_WIDTHS.length - 1]!);
  if (largest < 1) return [];
  return [...COVER_VARIANT_WIDTHS.filter((width) => width < largest), largest];
}
