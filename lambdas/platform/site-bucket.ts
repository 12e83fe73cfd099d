// Puts generated files into the site bucket (and reads back one a context wrote before) (SITE_BUCKET), which CloudFront serves as they are: the
// feeds context's sitemaps and RSS, the search context's index. Each file carries its own type and
// cache, as CloudFront and browsers will keep it.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from './clients';
import { env } from './env';

export interface SiteObject {
  key: string;
  body: string | Uint8Array;
  contentType: string;
  cacheControl: string;
}

const PARALLEL_PUTS = 8;

/** Puts them all, `parallel` at a time. */
export async function putSiteObjects(objects: readonly SiteObject[], parallel = PARALLEL_PUTS): Promise<void> {
  const bucket = env('SITE_BUCKET');
  const queue = [...objects];
  const put = async () => {
    for (let object = queue.shift(); object; object = queue.shift()) {
      await s3().send(
        new PutObjectCommand({ Bucket: bucket, Key: object.key, Body: object.body, ContentType: object.contentType, CacheControl: object.cacheControl }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, put));
}

/** The text of a file the caller wrote before, or undefined when there is none. */
export async function getSiteObject(key: string): Promise<string | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: env('SITE_BUCKET'), Key: key }));
    return await object.Body!.transformToString('utf8');
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
