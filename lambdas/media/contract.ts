// The media context: cover uploads through a presigned PUT, then a check of what actually arrived.
import { coverConfirmSchema, coverUploadSchema } from '../../shared/articles';
import { defineContext } from '../platform/contract';

/** Uploads land here and are never served; checked files are copied to media/, which CloudFront serves. */
export const UPLOAD_KEY_PREFIX = 'uploads/';
export const MEDIA_KEY_PREFIX = 'media/';

export const contract = defineContext({
  name: 'media',
  routes: {
    'POST /api/media/covers': { auth: 'required', body: coverUploadSchema },
    'POST /api/media/covers/confirm': { auth: 'required', body: coverConfirmSchema },
  },
  workers: [],
  // Presigning PUTs to uploads/, checking and removing them there, and copying checked ones to media/.
  permissions: [
    { service: 's3', prefix: UPLOAD_KEY_PREFIX, actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
    { service: 's3', prefix: MEDIA_KEY_PREFIX, actions: ['s3:PutObject'] },
  ],
  environment: ['TABLE_NAME', 'MEDIA_BUCKET'],
});
