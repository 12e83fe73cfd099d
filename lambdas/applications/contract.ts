// The applications context: author applications (anyone applies; masters approve or reject). It
// emits AuthorApplicationApproved and AuthorApplicationRejected (EVENTS.md); the mail context sends
// the applicant's e-mails from them.
import { applicationListQuerySchema, applicationSchema, rejectionSchema } from '../../shared/applications';
import { defineContext } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { APPLICATION_EVENTS, applicationEvents } from './events';

export const contract = defineContext({
  name: 'applications',
  routes: {
    'POST /api/applications': { auth: 'optional', body: applicationSchema },
    'GET /api/admin/applications': { auth: 'required', query: applicationListQuerySchema },
    'GET /api/admin/applications/pending-count': { auth: 'required' },
    'GET /api/admin/applications/{id}': { auth: 'required' },
    'POST /api/admin/applications/{id}/approve': { auth: 'required' },
    'POST /api/admin/applications/{id}/reject': { auth: 'required', body: rejectionSchema },
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
