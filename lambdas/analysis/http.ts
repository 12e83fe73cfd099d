// HTTP routes of the analysis context, as its contract declares them.
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import { recordFeedback } from './feedback';
import * as analysis from './service';

export const handler = httpHandler(contract, {
  'POST /api/analysis': async ({ userId, body }) => json(200, await analysis.analyze(userId, body)),
  'POST /api/analysis/feedback': async ({ userId, body }) => json(200, await recordFeedback(userId, body)),
  'POST /api/analysis/reprocess': async ({ userId }) => json(200, await analysis.reprocess(userId)),
  'GET /api/analysis/monitor': async ({ userId }) => json(200, await analysis.monitor(userId)),
});
