// HTTP routes of the quality context, as its contract declares them.
import { getItem } from '../platform/dynamo';
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import { countersOf, qualityKey, score } from './score';

export const handler = httpHandler(contract, {
  'GET /api/me/quality': async (request) => {
    const counters = countersOf(await getItem(qualityKey(request.userId)));
    return json(200, {
      score: score(counters),
      reviews: counters.reviews_approved + counters.reviews_changes + counters.reviews_rejected,
      seo_validations: counters.seo_valid + counters.seo_warning + counters.seo_error,
      submitted: counters.submitted,
      sent_back: counters.sent_back,
    });
  },
});
