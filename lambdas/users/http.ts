// HTTP routes of the users context, as its contract declares them.
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import * as admin from './admin';
import * as users from './service';

export const handler = httpHandler(contract, {
  'POST /api/auth/sign-up': async ({ body }) => json(201, await users.signUp(body)),
  'GET /api/me': async (request) => json(200, await users.getMe(request.userId)),
  'PUT /api/me/profile': async (request) => json(200, await users.updateProfile(request.userId, request.body)),
  'POST /api/me/mfa': async (request) => json(200, await users.refreshMfa(request.userId)),
  'GET /api/master': async () => json(200, await users.masterStatus()),
  'POST /api/master/claim': async (request) => json(200, await users.claimMaster(request.userId)),
  'GET /api/admin/users': async (request) => json(200, await admin.listUsers(request.userId, request.query.q, request.query.cursor)),
  'POST /api/admin/users/{id}/roles': async (request) =>
    json(200, await admin.assignRole(request.userId, request.params.id ?? '', request.body.role)),
  'DELETE /api/admin/users/{id}/roles/{role}': async (request) =>
    json(200, await admin.removeRole(request.userId, request.params.id ?? '', request.params.role ?? '')),
  'DELETE /api/admin/users/{id}/mfa': async (request) => json(200, await admin.resetMfa(request.userId, request.params.id ?? '')),
});
