// The file's way in: the browser uploads it straight to S3 (a multipart upload, one presigned URL per
// part), never through the API; then the server completes the upload, checks its size, and reads it
// once as a stream for the preview (the spec's checks, the records counted, the first rows).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type UploadComplete, type UploadStart, type UploadTicket } from '../../shared/imports';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { AppError, badRequest, forbidden } from '../platform/errors';
import { logger } from '../platform/logger';
import { timeOrderedId } from '../platform/ids';
import { ImportFileError, summarizeFile } from './chunks';
import { uploaderOf, uploadKeyOf } from './items';
import { requireImporter } from './people';
import * as store from './store';

const bucket = () => env('MEDIA_BUCKET');
const PART_URL_SECONDS = 3600;

/** Only the uploader may complete, import or cancel an upload: its key names them. */
export function requireOwnUpload(userId: string, key: string): void {
  if (uploaderOf(key) !== userId) throw forbidden(IMPORT_MESSAGES.forbidden);
}

export async function startUpload(userId: string, { file_name, size }: UploadStart): Promise<UploadTicket> {
  await requireImporter(userId);
  if (!/\.csv$/i.test(file_name)) throw badRequest(IMPORT_MESSAGES.invalidFile);
  const key = uploadKeyOf(userId, timeOrderedId());
  const created = await s3().send(
    new CreateMultipartUploadCommand({
      Bucket: bucket(),
      Key: key,
      ContentType: 'text/csv',
      Metadata: { 'file-name': encodeURIComponent(file_name) },
    }),
  );
  const upload_id = created.UploadId!;
  const count = Math.max(1, Math.ceil(size / IMPORT_LIMITS.partBytes));
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      part_number: index + 1,
      url: await getSignedUrl(
        s3(),
        new UploadPartCommand({
          Bucket: bucket(),
          Key: key,
          UploadId: upload_id,
          PartNumber: index + 1,
        }),
        {
          expiresIn: PART_URL_SECONDS,
        },
      ),
    })),
  );
  return { key, upload_id, part_size: IMPORT_LIMITS.partBytes, parts };
}

async function removeUpload(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** S3's own refusals (a part missing, an ETag that does not match) are the browser's upload's fault: a 400. */
async function fromS3<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 500) >= 500) throw error;
    logger.info('import upload refused by S3', { error });
    throw badRequest(IMPORT_MESSAGES.uploadError);
  }
}

export async function completeUpload(userId: string, { key, upload_id, parts }: UploadComplete): Promise<ImportPreview> {
  await requireImporter(userId);
  requireOwnUpload(userId, key);
  await fromS3(
    s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket(),
        Key: key,
        UploadId: upload_id,
        MultipartUpload: {
          Parts: [...parts].sort((a, b) => a.part_number - b.part_number).map((part) => ({ PartNumber: part.part_number, ETag: part.etag })),
        },
      }),
    ),
  );
  const head = await fromS3(s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key })));
  const size = head.ContentLength ?? 0;
  // The server decides: parts can add up to more than the browser said.
  if (size > IMPORT_LIMITS.maxBytes) {
    await removeUpload(key);
    throw badRequest(IMPORT_MESSAGES.tooLarge);
  }
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, IfMatch: head.ETag }));
    const summary = await summarizeFile(object.Body as Readable, IMPORT_LIMITS.previewRows);
    const file_name = decodeURIComponent(head.Metadata?.['file-name'] ?? '') || key.split('/').pop()!;
    await store.putFile({
      key,
      file_name,
      size,
      delimiter: summary.delimiter,
      total_records: summary.total,
      uploaded_by: userId,
      analyzed_at: new Date().toISOString(),
    });
    return {
      key,
      file_name,
      size,
      delimiter: summary.delimiter,
      total_records: summary.total,
      columns: summary.columns,
      rows: summary.preview,
    };
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await removeUpload(key);
    throw new AppError(400, error.message);
  }
}

export async function cancelUpload(userId: string, key: string, uploadId: string | undefined): Promise<void> {
  await requireImporter(userId);
  requireOwnUpload(userId, key);
  if (uploadId) {
    await s3()
      .send(
        new AbortMultipartUploadCommand({
          Bucket: bucket(),
          Key: key,
          UploadId: uploadId,
        }),
      )
      .catch((error) => logger.info('no multipart upload to abort', { key, error }));
  }
  await Promise.all([removeUpload(key), store.deleteFile(key)]);
}
