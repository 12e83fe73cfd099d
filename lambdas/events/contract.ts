// The events context: the portal's agenda (spec 2 "Events"). Anyone reads published events from now
// on; authors, editors and masters create them; the organizer, editors and masters edit; masters
// delete. It emits EventPublished, EventUpdated, EventUnpublished and EventDeleted (EVENTS.md), which
// purge the cached pages and regenerate the sitemap.
import { eventCreateSchema, eventListQuerySchema, eventUpdateSchema } from '../../shared/events';
import { defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { EVENT_EVENTS, eventEvents } from './events';
import { EVENT_MESSAGES } from '../../shared/event-rules';

export const contract = defineContext({
  name: 'events',
  routes: {
    'GET /api/events': { auth: 'none', query: eventListQuerySchema },
    'GET /api/events/upcoming': { auth: 'none' },
    'GET /api/events/unpublished': { auth: 'required', requires: onlyFor('events.create', EVENT_MESSAGES.createForbidden) },
    'GET /api/events/{id}': { auth: 'optional' },
    'GET /api/events/{id}/calendar': { auth: 'none' },
    'POST /api/events': { auth: 'required', requires: onlyFor('events.create', EVENT_MESSAGES.createForbidden), body: eventCreateSchema },
    'PUT /api/events/{id}': { auth: 'required', body: eventUpdateSchema },
    'DELETE /api/events/{id}': { auth: 'required', requires: onlyFor('events.delete', EVENT_MESSAGES.deleteForbidden) },
  },
  emits: { catalogue: EVENT_EVENTS, changes: eventEvents },
  workers: [erasureWorker('events')],
  permissions: [],
  // The issuer and client id let the optional-sign-in route verify a bearer token; SITE_URL names the
  // event's page in its calendar file.
  environment: ['TABLE_NAME', 'JWT_ISSUER', 'USER_POOL_CLIENT_ID', 'SITE_URL'],
});
