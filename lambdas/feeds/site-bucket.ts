// Writes the generated files to the site bucket, each with its type and a short cache: CloudFront and
// browsers pick up a regeneration within minutes.
import { putSiteObjects } from '../platform/site-bucket';
import type { SiteFile } from './files';

export const SITE_FILE_CACHE_CONTROL = 'public, max-age=300';
// Written last, so that they never name a file not yet written.
const POINTERS = new Set(['sitemap.xml', 'robots.txt']);

const withCache = (files: SiteFile[]) => files.map((file) => ({ ...file, cacheControl: SITE_FILE_CACHE_CONTROL }));

export async function writeSiteFiles(files: SiteFile[]): Promise<void> {
  await putSiteObjects(withCache(files.filter((file) => !POINTERS.has(file.key))));
  await putSiteObjects(withCache(files.filter((file) => POINTERS.has(file.key))));
}
