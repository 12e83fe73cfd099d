// The media context: cover uploads through a presigned PUT, then a check of what actually arrived;
// each confirmed cover emits CoverConfirmed, and the cover-variants worker writes its WebP variants.
import { coverConfirmSchema, coverUploadSchema } from '../../shared/articles';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { MEDIA_EVENTS, mediaEvents } from './events';
import { ARTICLE_MESSAGES } from '../../shared/article-rules';

/** Uploads land here and are never served; checked files are copied to media/, which CloudFront serves. */
export const UPLOAD_KEY_PREFIX = 'uploads/';
export const MEDIA_KEY_PREFIX = 'media/';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const writers = onlyFor('article.create', ARTICLE_MESSAGES.createForbidden);

export const contract = defineContext({
  name: 'media',
  routes: {
    'POST /api/media/covers': { auth: 'required', requires: writers, body: coverUploadSchema },
    'POST /api/media/covers/confirm': { auth: 'required', requires: writers, body: coverConfirmSchema },
  },
  emits: { catalogue: MEDIA_EVENTS, changes: mediaEvents },
  workers: [
    {
      name: 'cover-variants',
      file: 'variants-worker',
      pattern: consumes(MEDIA_EVENTS, ['CoverConfirmed']),
      // A few covers per invocation: each is up to three decodes of an image of up to 5 MB.
      batchSize: 5,
      visibilityTimeoutSeconds: 180,
      maxReceiveCount: 3,
      // sharp is native: installed for linux-arm64 beside the bundle, not bundled (infra/constructs/portal-function.ts).
      nodeModules: ['sharp'],
      // Lambda's CPU grows with memory: 1769 MB is one whole vCPU.
      memorySize: 1769,
      // Reading originals from media/ and writing their variants beside them; never uploads/.
      permissions: [{ service: 's3', prefix: MEDIA_KEY_PREFIX, actions: ['s3:GetObject', 's3:PutObject'] }],
    },
  ],
  // Presigning PUTs to uploads/, checking and removing them there, and copying checked ones to media/.
  permissions: [
    { service: 's3', prefix: UPLOAD_KEY_PREFIX, actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
    { service: 's3', prefix: MEDIA_KEY_PREFIX, actions: ['s3:PutObject'] },
  ],
  environment: ['TABLE_NAME', 'MEDIA_BUCKET'],
});
