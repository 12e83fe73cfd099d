// The applications context: author applications (anyone applies; masters approve or reject). It
// emits AuthorApplicationApproved and AuthorApplicationRejected (EVENTS.md); the mail context sends
// the applicant's e-mails from them.
import { applicationListQuerySchema, applicationSchema, rejectionSchema } from '../../shared/applications';
import { defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { APPLICATION_EVENTS, applicationEvents } from './events';
import { ADMIN_MESSAGES } from '../../shared/admin';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const masters = onlyFor('admin.access', ADMIN_MESSAGES.accessDenied);

export const contract = defineContext({
  name: 'applications',
  routes: {
    'POST /api/applications': { auth: 'optional', body: applicationSchema },
    'GET /api/admin/applications': { auth: 'required', requires: masters, query: applicationListQuerySchema },
    'GET /api/admin/applications/pending-count': { auth: 'required', requires: masters },
    'GET /api/admin/applications/{id}': { auth: 'required', requires: masters },
    'POST /api/admin/applications/{id}/approve': { auth: 'required', requires: masters },
    'POST /api/admin/applications/{id}/reject': { auth: 'required', requires: masters, body: rejectionSchema },
  },
  emits: { catalogue: APPLICATION_EVENTS, changes: applicationEvents },
  workers: [
    // An account's deletion: the applications of its e-mail (the table only: no Cognito).
    { ...erasureWorker('applications'), permissions: [] },
  ],
  // Approval says whether the applicant already has an account (the users context creates it after).
  permissions: [{ service: 'cognito', actions: ['AdminGetUser'] }],
  environment: ['TABLE_NAME', 'USER_POOL_ID'],
});
