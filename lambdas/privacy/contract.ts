// The privacy context: readers' rights under the LGPD. Consent records (the banner's choices), copies
// of a person's data (Meus dados: an export worker writes the JSON, a link that expires delivers it),
// the deletion of an account (two phases of events every context concerned handles: erasure.ts) and
// the masters' list of requests. It emits DataExportRequested, AccountDeletionRequested,
// AccountErasureStarted and AccountDeleted (EVENTS.md).
import { adminDataRequestQuerySchema, consentSchema, deletionSchema } from '../../shared/privacy';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { EXPORT_PREFIX } from './items';
import { erasureWorker } from './erasure';
import { PRIVACY_EVENTS, privacyEvents } from './events';
import { PRIVACY_MESSAGES } from '../../shared/privacy-rules';

export const contract = defineContext({
  name: 'privacy',
  routes: {
    'POST /api/privacy/consents': { auth: 'optional', body: consentSchema },
    'GET /api/privacy/consents': { auth: 'required' },
    'GET /api/privacy/requests': { auth: 'required' },
    'POST /api/privacy/exports': { auth: 'required' },
    'GET /api/privacy/exports/{id}/download': { auth: 'required' },
    'POST /api/privacy/deletion': { auth: 'required', body: deletionSchema },
    'GET /api/admin/privacy/requests': { auth: 'required', requires: onlyFor('admin.access', PRIVACY_MESSAGES.accessDenied), query: adminDataRequestQuerySchema },
  },
  emits: { catalogue: PRIVACY_EVENTS, changes: privacyEvents },
  workers: [
    {
      name: 'privacy-export',
      file: 'export-worker',
      pattern: consumes(PRIVACY_EVENTS, ['DataExportRequested']),
      batchSize: 1,
      visibilityTimeoutSeconds: 120 * 6,
      maxReceiveCount: 3,
      permissions: [{ service: 's3', prefix: EXPORT_PREFIX, actions: ['s3:PutObject'] }],
    },
    // Its step deletes the person's export files: nothing of Cognito.
    { ...erasureWorker('privacy'), permissions: [{ service: 's3', prefix: EXPORT_PREFIX, actions: ['s3:DeleteObject'] }] },
  ],
  permissions: [
    // The password asked again is checked by signing in (InitiateAuth takes no IAM); the account is
    // disabled at once, so no new session starts while the contexts erase.
    { service: 'cognito', actions: ['AdminDisableUser'] },
    { service: 's3', prefix: EXPORT_PREFIX, actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] },
  ],
  environment: ['TABLE_NAME', 'MEDIA_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID'],
});
