// HTTP routes of the media context (see shared/routes.ts).
import { httpHandler, json, requireUser } from '../platform/http';
import * as media from './service';

export const handler = httpHandler({
  'POST /api/media/covers': async (request) => json(201, await media.startCoverUpload(requireUser(request), request.body)),
  'POST /api/media/covers/confirm': async (request) => json(200, await media.confirmCoverUpload(requireUser(request), request.body)),
});
