// HTTP routes of the media context, as its contract declares them.
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import * as media from './service';

export const handler = httpHandler(contract, {
  'POST /api/media/covers': async (request) => json(201, await media.startCoverUpload(request.userId, request.body)),
  'POST /api/media/covers/confirm': async (request) => json(200, await media.confirmCoverUpload(request.userId, request.body)),
});
