// HTTP routes of the events context, as its contract declares them.
import { httpHandler, json, noContent } from '../platform/http';
import { contract } from './contract';
import * as events from './service';

// The same for everyone: a shared cache may keep it briefly.
const SHARED_BRIEFLY = 'public, max-age=0, s-maxage=30';

export const handler = httpHandler(contract, {
  'GET /api/events': async ({ query }) => ({
    ...json(200, await events.list(query.city, query.cursor)),
    headers: { 'cache-control': SHARED_BRIEFLY },
  }),
  'GET /api/events/upcoming': async () => ({ ...json(200, await events.upcoming()), headers: { 'cache-control': SHARED_BRIEFLY } }),
  'GET /api/events/unpublished': async (request) => json(200, await events.unpublishedFor(request.userId)),
  'GET /api/events/{id}': async ({ userId, params }) => {
    // The edge verified the optional token: userId is its user, or undefined for anyone else.
    const viewer = await events.viewerFor(userId);
    return json(200, await events.eventFor(viewer, params.id ?? ''));
  },
  'GET /api/events/{id}/calendar': async ({ params }) => {
    const file = await events.calendar(params.id ?? '');
    return {
      status: 200,
      text: file.body,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': SHARED_BRIEFLY,
      },
    };
  },
  'POST /api/events': async (request) => json(201, await events.create(request.userId, request.body)),
  'PUT /api/events/{id}': async (request) => json(200, await events.update(request.userId, request.params.id ?? '', request.body)),
  'DELETE /api/events/{id}': async (request) => {
    await events.remove(request.userId, request.params.id ?? '');
    return noContent;
  },
});
