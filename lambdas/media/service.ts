// Cover uploads. The browser PUTs the file to a short-lived presigned URL; then the server checks
// what actually arrived (size and magic bytes), because a presigned PUT cannot bound the size and
// the local S3 stand-in enforces nothing. A file that fails the check is deleted.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { CoverUpload } from '../../shared/api-types';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, COVER_TYPES, coverUploadSchema, type CoverType } from '../../shared/articles';
import { can } from '../../shared/roles';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { badRequest, forbidden } from '../platform/errors';
import { logger } from '../platform/logger';
import { loadUser } from '../users/store';

/** Objects live under media/, the path CloudFront serves as /media/*. */
const keyFor = (userId: string, ext: string, now = Date.now()) => `media/${userId}/${now}.${ext}`;
const OWN_KEY = /^media\/([\w-]+)\/(\d+)\.(jpg|png|webp)$/;

const SIGNATURES: Record<CoverType, (head: Uint8Array) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte),
  'image/webp': (head) =>
    new TextDecoder().decode(head.slice(0, 4)) === 'RIFF' && new TextDecoder().decode(head.slice(8, 12)) === 'WEBP',
};

const typeOfExtension = (ext: string) =>
  (Object.entries(COVER_TYPES) as [CoverType, string][]).find(([, extension]) => extension === ext)?.[0];

async function requireWriter(userId: string) {
  const user = await loadUser(userId);
  if (!can(user.roles, 'article.create')) throw forbidden(ARTICLE_MESSAGES.createForbidden);
}

export async function startCoverUpload(userId: string, input: unknown): Promise<CoverUpload> {
  const parsed = coverUploadSchema.safeParse(input ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? ARTICLE_MESSAGES.uploadInvalid);
  await requireWriter(userId);
  const key = keyFor(userId, COVER_TYPES[parsed.data.content_type]);
  const upload_url = await getSignedUrl(
    s3(),
    new PutObjectCommand({
      Bucket: env('MEDIA_BUCKET'),
      Key: key,
      ContentType: parsed.data.content_type,
      ContentLength: parsed.data.size,
      CacheControl: 'public, max-age=3600',
    }),
    { expiresIn: 300 },
  );
  return { upload_url, key, url: `/${key}` };
}

export async function confirmCoverUpload(userId: string, input: unknown): Promise<{ url: string }> {
  const key = typeof (input as { key?: unknown } | undefined)?.key === 'string' ? (input as { key: string }).key : '';
  const match = OWN_KEY.exec(key);
  const type = match?.[3] ? typeOfExtension(match[3]) : undefined;
  if (!match || match[1] !== userId || !type) throw badRequest(ARTICLE_MESSAGES.uploadInvalid);
  const bucket = env('MEDIA_BUCKET');
  let size: number;
  try {
    size = (await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
  } catch (error) {
    logger.info('cover upload not found', { key, error });
    throw badRequest(ARTICLE_MESSAGES.uploadError);
  }
  const reject = async (message: string) => {
    await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    return badRequest(message);
  };
  if (size > ARTICLE_LIMITS.coverMaxBytes) throw await reject(ARTICLE_MESSAGES.uploadTooLarge);
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-15' }));
  const head = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  if (!size || !SIGNATURES[type](head)) throw await reject(ARTICLE_MESSAGES.uploadInvalid);
  return { url: `/${key}` };
}
