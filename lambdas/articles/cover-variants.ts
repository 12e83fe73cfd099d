// Which WebP variants of its cover an article offers. The cover-variants worker (media context)
// writes them a few seconds after the cover is confirmed and notes their widths on the cover's own
// item; a save that sets the cover copies those widths onto the article, so every card and page read
// has them at no extra request. The worker never writes the article (that would be a new version and
// a new event). A cover published within those few seconds has none until its next save: the page
// then shows the original alone, never a variant that does not exist.
import { coverVariants } from '../media/public';
import type { ArticleRecord } from './article';

/** One Get of the cover's item, only when the cover is new to this article or had no variants yet. */
export async function coverVariantsOnSave(coverImage: string, before?: Pick<ArticleRecord, 'cover_image' | 'cover_variants'>): Promise<number[]> {
  if (before?.cover_image === coverImage && before.cover_variants?.length) return before.cover_variants;
  return coverVariants(coverImage);
}
