// HTTP routes of the users context (see shared/routes.ts).
import { httpHandler, json, requireUser } from '../platform/http';
import * as users from './service';

export const handler = httpHandler({
  'POST /api/auth/sign-up': async ({ body }) => json(201, await users.signUp(body)),
  'GET /api/me': async (request) => json(200, await users.getMe(requireUser(request))),
  'PUT /api/me/profile': async (request) => json(200, await users.updateProfile(requireUser(request), request.body)),
  'GET /api/master': async () => json(200, await users.masterStatus()),
  'POST /api/master/claim': async (request) => json(200, await users.claimMaster(requireUser(request))),
});
