// Writes the generated files to the site bucket, each with its type and a short cache: CloudFront and
// browsers pick up a regeneration within minutes.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import type { SiteFile } from './files';

export const SITE_FILE_CACHE_CONTROL = 'public, max-age=300';
const PARALLEL_PUTS = 8;
// Written last, so that they never name a file not yet written.
const POINTERS = new Set(['sitemap.xml', 'robots.txt']);

async function putAll(files: SiteFile[]): Promise<void> {
  const bucket = env('SITE_BUCKET');
  const queue = [...files];
  const put = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      await s3().send(
        new PutObjectCommand({ Bucket: bucket, Key: file.key, Body: file.body, ContentType: file.contentType, CacheControl: SITE_FILE_CACHE_CONTROL }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PUTS, queue.length) }, put));
}

export async function writeSiteFiles(files: SiteFile[]): Promise<void> {
  await putAll(files.filter((file) => !POINTERS.has(file.key)));
  await putAll(files.filter((file) => POINTERS.has(file.key)));
}
