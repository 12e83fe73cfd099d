// The users context: accounts, profiles, roles and the master claim. It emits UserSignedUp.
import { roleAssignmentSchema, userListQuerySchema } from '../../shared/admin';
import { profileUpdateSchema, signUpSchema } from '../../shared/auth';
import { APPLICATION_EVENTS } from '../applications/public';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { USER_EVENTS, userEvents } from './events';
import { ADMIN_MESSAGES } from '../../shared/admin';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const masters = onlyFor('admin.access', ADMIN_MESSAGES.accessDenied);

export const contract = defineContext({
  name: 'users',
  routes: {
    'POST /api/auth/sign-up': { auth: 'none', body: signUpSchema },
    'GET /api/me': { auth: 'required' },
    'PUT /api/me/profile': { auth: 'required', body: profileUpdateSchema },
    // After the TOTP set-up in /settings: the API reads the user's MFA settings from Cognito (AdminGetUser).
    'POST /api/me/mfa': { auth: 'required' },
    'GET /api/master': { auth: 'none' },
    'POST /api/master/claim': { auth: 'required' },
    // The admin area (masters only): every user, and their roles.
    'GET /api/admin/users': { auth: 'required', requires: masters, query: userListQuerySchema },
    'POST /api/admin/users/{id}/roles': { auth: 'required', requires: masters, body: roleAssignmentSchema },
    'DELETE /api/admin/users/{id}/roles/{role}': { auth: 'required', requires: masters },
    // A staff member who lost their authenticator: the master turns it off, and they set up a new one.
    'DELETE /api/admin/users/{id}/mfa': { auth: 'required', requires: masters },
  },
  emits: { catalogue: USER_EVENTS, changes: userEvents },
  workers: [
    {
      name: 'author-role',
      file: 'author-role-worker',
      pattern: consumes(APPLICATION_EVENTS, ['AuthorApplicationApproved']),
      batchSize: 5,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 5,
    },
    // An account's deletion: the Cognito user, the profile and the roles (that one Cognito action only).
    { ...erasureWorker('users'), permissions: [{ service: 'cognito', actions: ['AdminDeleteUser'] }] },
  ],
  // Sign-up creates the Cognito user itself, so the spec's rules are checked before Cognito sees them.
  permissions: [
    // AdminCreateUser also makes the accounts of approved authors (author-role-worker.ts);
    // AdminSetUserMFAPreference turns off a lost authenticator (admin.ts).
    { service: 'cognito', actions: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminGetUser', 'AdminDeleteUser', 'AdminSetUserMFAPreference'] },
  ],
  environment: ['TABLE_NAME', 'USER_POOL_ID'],
});
