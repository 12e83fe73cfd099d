// HTTP routes of the newsletter context, as its contract declares them. The pixel answers a GIF and
// a tracked link a redirect; everything else is JSON.
import { NEWSLETTER_MESSAGES, tokenSchema } from '../../shared/newsletter';
import { bytes, httpHandler, json, redirect, viewerOf } from '../platform/http';
import { withSecret } from '../platform/secrets';
import { contract } from './contract';
import * as readers from './readers';
import * as newsletter from './service';
import { NEWSLETTER_SECRET } from './tokens';
import { followClick, PIXEL, recordOpen } from './tracking';

/** The one-click POST carries its token in the address; our own page sends it as JSON. */
const unsubscribeToken = (query: string | undefined, body: unknown) => query ?? (tokenSchema.safeParse(body).data?.token || undefined);

export const handler = httpHandler(contract, {
  'GET /api/newsletter/overview': async (request) => json(200, await newsletter.overview(request.userId)),
  'GET /api/newsletter/subscribers': async (request) => json(200, await newsletter.subscribers(request.userId, request.query)),
  'POST /api/newsletter/subscribers': async (request) =>
    json(201, { subscriber: await newsletter.addSubscriber(request.userId, request.body.email), message: NEWSLETTER_MESSAGES.added }),
  'POST /api/newsletter/subscribers/{id}/unsubscribe': async (request) =>
    json(200, { subscriber: await newsletter.unsubscribeSubscriber(request.userId, request.params.id ?? '') }),
  'GET /api/newsletter/sends': async (request) => json(200, await newsletter.recentSends(request.userId)),
  'GET /api/newsletter/sends/{id}': async (request) => json(200, await newsletter.send(request.userId, request.params.id ?? '')),
  'GET /api/newsletter/articles': async (request) => json(200, await newsletter.articles(request.userId)),
  'POST /api/newsletter/preview': async (request) => json(200, await newsletter.preview(request.userId, request.body)),
  'POST /api/newsletter/test': async (request) => json(202, await newsletter.testSend(request.userId, request.body)),
  'POST /api/newsletter/sends': async (request) => json(202, await newsletter.createSend(request.userId, request.body)),
  'POST /api/newsletter/signup': async (request) => json(202, await readers.signup(request.body, viewerOf(request.event).address)),
  'POST /api/newsletter/confirm': async (request) => json(200, await readers.confirm(request.body.token)),
  'POST /api/newsletter/unsubscribe': async (request) => json(200, await readers.unsubscribeByToken(unsubscribeToken(request.query.token, request.body))),
  'GET /api/newsletter/open/{token}': async (request) => {
    await recordOpen(request.params.token ?? '');
    return bytes('image/gif', PIXEL);
  },
  'GET /api/newsletter/click': async (request) => redirect(await followClick(request.query.token, request.query.url)),
  'GET /api/newsletter/me': async (request) => json(200, await readers.mine(request.userId)),
  'PUT /api/newsletter/me': async (request) => json(200, await readers.setMine(request.userId, request.body)),
}).use(withSecret(NEWSLETTER_SECRET, 'NEWSLETTER_SECRET_ID'));
