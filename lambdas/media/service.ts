// Cover uploads. The browser PUTs the file to a short-lived presigned URL under uploads/, a prefix
// that is never served; then the server checks what actually arrived (stored Content-Type, size and
// magic bytes) and only then copies it to media/, the prefix served as /media/*, with a Content-Type
// of its own. A file that fails the check is deleted; the local S3 stand-in enforces nothing itself.
// A confirmed cover gets its item (cover-store.ts), whose insert emits CoverConfirmed.
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { CoverUpload } from '../../shared/api-types';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, COVER_TYPES, coverTypeOfExtension, type CoverType, type CoverUploadRequest } from '../../shared/articles';
import { can } from '../../shared/roles';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { badRequest, forbidden } from '../platform/errors';
import { logger } from '../platform/logger';
import { readerAccess } from '../users/public';
import { recordConfirmedCover } from './cover-store';

const UPLOAD_KEY = /^uploads\/([\w-]+)\/(\d+)\.(jpg|png|webp)$/;
/** Where a checked upload is published: media/ is the path CloudFront serves as /media/*. */
const mediaKeyOf = (uploadKey: string) => uploadKey.replace(/^uploads\//, 'media/');

const SIGNATURES: Record<CoverType, (head: Uint8Array) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte),
  'image/webp': (head) =>
    new TextDecoder().decode(head.slice(0, 4)) === 'RIFF' && new TextDecoder().decode(head.slice(8, 12)) === 'WEBP',
};



async function requireWriter(userId: string) {
  const { roles } = await readerAccess(userId);
  if (!can(roles, 'article.create')) throw forbidden(ARTICLE_MESSAGES.createForbidden);
}

/** An S3 client error here means the upload is gone or changed (another confirm took it): a 400, not a 500. */
async function fromUpload<T>(key: string, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 500) >= 500) throw error;
    logger.info('cover upload unavailable', { key, error });
    throw badRequest(ARTICLE_MESSAGES.uploadError);
  }
}

export async function startCoverUpload(userId: string, upload: CoverUploadRequest): Promise<CoverUpload> {
  await requireWriter(userId);
  const key = `uploads/${userId}/${Date.now()}.${COVER_TYPES[upload.content_type]}`;
  const upload_url = await getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: env('MEDIA_BUCKET'), Key: key, ContentType: upload.content_type, ContentLength: upload.size }),
    // The presigner leaves Content-Type unsigned unless asked: signed, S3 refuses a PUT of any other type.
    { expiresIn: 300, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return { upload_url, key, url: `/${mediaKeyOf(key)}` };
}

export async function confirmCoverUpload(userId: string, { key }: { key: string }): Promise<{ url: string }> {
  const match = UPLOAD_KEY.exec(key);
  const type = match?.[3] ? coverTypeOfExtension(match[3]) : undefined;
  if (!match || match[1] !== userId || !type) throw badRequest(ARTICLE_MESSAGES.uploadInvalid);
  const bucket = env('MEDIA_BUCKET');
  const head = await fromUpload(key, s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
  const reject = async (message: string) => {
    await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    return badRequest(message);
  };
  const size = head.ContentLength ?? 0;
  if (size > ARTICLE_LIMITS.coverMaxBytes) throw await reject(ARTICLE_MESSAGES.uploadTooLarge);
  if (!size || head.ContentType !== type) throw await reject(ARTICLE_MESSAGES.uploadInvalid);
  // IfMatch pins every step to the object checked, should the presigned URL be used again meanwhile.
  const object = await fromUpload(key, s3().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-15', IfMatch: head.ETag })));
  const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  if (!SIGNATURES[type](bytes)) throw await reject(ARTICLE_MESSAGES.uploadInvalid);
  const mediaKey = mediaKeyOf(key);
  await fromUpload(
    key,
    s3().send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: mediaKey,
        CopySource: `${bucket}/${key}`,
        CopySourceIfMatch: head.ETag,
        MetadataDirective: 'REPLACE',
        TaggingDirective: 'REPLACE', // uploads carry no tags; copying none needs no tagging permissions
        ContentType: type,
        CacheControl: 'public, max-age=3600',
      }),
    ),
  );
  // Before the upload goes: should this fail, the confirm can be retried on the same upload.
  await recordConfirmedCover({ key: mediaKey, user_id: userId, content_type: type, confirmed_at: new Date().toISOString() });
  await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  return { url: `/${mediaKey}` };
}
