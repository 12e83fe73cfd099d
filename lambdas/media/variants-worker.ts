// The cover-variants worker: on CoverConfirmed it reads the original from the media bucket, writes
// its WebP variants next to it (<original-without-ext>-<width>.webp) and records their widths on the
// cover item. Idempotent: a redelivery writes the same keys with the same bytes and records the same
// widths; an original no retry can help with is logged and left without variants.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { coverVariantPath } from '../../shared/cover-variants';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { recordCoverVariants } from './cover-store';
import { MEDIA_EVENTS } from './events';
import { renderCoverVariants, UnusableCover, type RenderedCover } from './variants';

/** A variant's key never gets other bytes (a new cover is a new key): browsers and CloudFront keep it a year. */
export const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

async function readOriginal(bucket: string, key: string): Promise<Uint8Array | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await object.Body?.transformToByteArray();
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function render(key: string, original: Uint8Array): Promise<RenderedCover | undefined> {
  try {
    return await renderCoverVariants(original);
  } catch (error) {
    if (!(error instanceof UnusableCover)) throw error;
    logger.error('cover-variants: no variants for this cover', { key, error });
    metrics.addMetric('CoverVariantsSkipped', MetricUnit.Count, 1);
    return undefined;
  }
}

export async function writeCoverVariants({ key }: { key: string }): Promise<void> {
  if (!key.startsWith('media/') || !coverVariantPath(key, 0)) {
    logger.error('cover-variants: not a cover key', { key });
    return;
  }
  const bucket = env('MEDIA_BUCKET');
  const original = await readOriginal(bucket, key);
  if (!original) return logger.warn('cover-variants: the original is gone', { key });
  const rendered = await render(key, original);
  if (!rendered) return;
  for (const variant of rendered.variants) {
    await s3().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: coverVariantPath(key, variant.width),
        Body: variant.body,
        ContentType: 'image/webp',
        CacheControl: VARIANT_CACHE_CONTROL,
      }),
    );
  }
  const widths = rendered.variants.map((variant) => variant.width);
  // Recorded last: a width is announced only once its file exists.
  const recorded = await recordCoverVariants(key, { width: rendered.width, height: rendered.height, variants: widths, variants_at: new Date().toISOString() });
  metrics.addMetric('CoverVariantsWritten', MetricUnit.Count, widths.length);
  logger.info('cover-variants: written', { key, widths, recorded });
}

export const handler = eventWorker(MEDIA_EVENTS, 'CoverConfirmed', writeCoverVariants);
