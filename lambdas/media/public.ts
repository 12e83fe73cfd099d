// What other contexts may use of the media context (the lint rule in eslint.config.js enforces it):
// its events, and which WebP variants of a cover exist.
import { coverVariantPath } from '../../shared/cover-variants';
import { storedCoverVariants } from './cover-store';

export { MEDIA_EVENTS } from './events';

/**
 * The widths of the WebP variants written for a cover_image value, [] when there are none yet (the
 * worker runs a moment after confirm) or the cover is not one of ours. One Get, no Get for others.
 */
export async function coverVariants(coverImage: string): Promise<number[]> {
  if (!coverImage.startsWith('/media/') || !coverVariantPath(coverImage, 0)) return [];
  return storedCoverVariants(coverImage.slice(1));
}
