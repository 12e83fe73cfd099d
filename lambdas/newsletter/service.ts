// The master's newsletter (/newsletter): the counters, the subscribers (add, list, search,
// unsubscribe one), the sends with their rates, and composing an edition (its articles, the preview,
// a test copy to oneself, the send to every active subscriber). Anyone else gets a 403 on every route.
// A send is an item: its insert is the event that starts the pipeline (EVENTS.md). Each of the master's
// changes (a subscriber added or unsubscribed, a send, a test copy) leaves an audit entry.
import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES as MESSAGES,
  type Edition,
  type EditionArticleChoices,
  type EditionPreview,
  type NewsletterOverview,
  type NewsletterSend,
  type NewsletterSubscriber,
  type NewsletterSubscriberPage,
  type SubscriberStatus,
} from '../../shared/newsletter';
import { can } from '../../shared/roles';
import { recentEditionArticles, mostReadEditionArticles } from '../articles/public';
import { recordAudit, type AuditAction, type AuditInput } from '../audit/public';
import { sendMail } from '../mail/public';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { isUuid, timeOrderedId } from '../platform/ids';
import { accountOf, readerAccess } from '../users/public';
import { PREVIEW_IDS, renderFor, resolveEdition } from './edition';
import { sendView, subscriberView, type SendRecord } from './items';
import { newSubscriber, unsubscribed } from './lifecycle';
import * as sends from './send-store';
import * as store from './store';

/** "Recent" in the composer: published in the last 30 days, up to 30. */
const RECENT = { days: 30, limit: 30 } as const;

function newsletterAudit(action: AuditAction, userId: string, target: { type: 'newsletter_send' | 'newsletter_subscriber'; id: string }, details: AuditInput['details'] = {}): AuditInput {
  return { event_type: 'NEWSLETTER', action, user_id: userId, target_type: target.type, target_id: target.id, details };
}

export async function requireNewsletterMaster(userId: string): Promise<void> {
  if (!can((await readerAccess(userId)).roles, 'newsletter.manage')) throw forbidden(MESSAGES.forbidden);
}

/** GET /api/newsletter/overview: COUNT Queries on the status index, and on the sends. */
export async function overview(userId: string): Promise<NewsletterOverview> {
  await requireNewsletterMaster(userId);
  const [active, unsubscribed, pending, total_sends] = await Promise.all([
    store.countByStatus('active'),
    store.countByStatus('unsubscribed'),
    store.countByStatus('pending'),
    sends.countSends(),
  ]);
  return { active, unsubscribed, pending, total_sends };
}

/** GET /api/newsletter/subscribers?q=&status=&cursor= */
export async function subscribers(userId: string, query: { q?: string; status?: SubscriberStatus; cursor?: string }): Promise<NewsletterSubscriberPage> {
  await requireNewsletterMaster(userId);
  const q = query.q?.trim().toLowerCase() || undefined;
  const page = await store.listSubscribers(query.status, q, query.cursor, NEWSLETTER_LIMITS.subscribersPageSize);
  return { records: page.records.map(subscriberView), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** POST /api/newsletter/subscribers: active at once; an address already there (in any status) is a 409. */
export async function addSubscriber(userId: string, email: string, now = new Date()): Promise<NewsletterSubscriber> {
  await requireNewsletterMaster(userId);
  const found = await store.findByEmail(email);
  if (found.subscriber) throw conflict(MESSAGES.duplicate);
  const record = newSubscriber({ id: timeOrderedId(now.getTime()), email, name: null, source: 'admin', status: 'active', consent: null }, now);
  // The entry names the subscriber by id only: an address is personal data the log would keep after an erasure.
  const audit = newsletterAudit('add_newsletter_subscriber', userId, { type: 'newsletter_subscriber', id: record.id });
  if (!(await store.insertSubscriber(record, found.staleId, audit))) throw conflict(MESSAGES.duplicate);
  return subscriberView(record);
}

/** POST /api/newsletter/subscribers/{id}/unsubscribe */
export async function unsubscribeSubscriber(userId: string, id: string, now = new Date()): Promise<NewsletterSubscriber> {
  await requireNewsletterMaster(userId);
  const audit = newsletterAudit('unsubscribe_newsletter_subscriber', userId, { type: 'newsletter_subscriber', id });
  const record = isUuid(id) ? await store.changeSubscriber(id, (current) => unsubscribed(current, now), audit) : undefined;
  if (!record) throw notFound(MESSAGES.subscriberNotFound);
  return subscriberView(record);
}

/** GET /api/newsletter/sends: the last 20, newest first. */
export async function recentSends(userId: string): Promise<{ records: NewsletterSend[] }> {
  await requireNewsletterMaster(userId);
  return { records: (await sends.recentSends()).map(sendView) };
}

/** GET /api/newsletter/sends/{id}: with its progress as the batches go. */
export async function send(userId: string, id: string): Promise<NewsletterSend> {
  await requireNewsletterMaster(userId);
  const record = isUuid(id) ? await sends.getSend(id, true) : undefined;
  if (!record) throw notFound(MESSAGES.sendNotFound);
  return sendView(record);
}

/** GET /api/newsletter/articles: what the composer offers. */
export async function articles(userId: string): Promise<EditionArticleChoices> {
  await requireNewsletterMaster(userId);
  const [recent, most_read] = await Promise.all([
    recentEditionArticles(RECENT.days, RECENT.limit),
    mostReadEditionArticles(NEWSLETTER_LIMITS.mostReadCount, NEWSLETTER_LIMITS.mostReadDays),
  ]);
  return { recent, most_read };
}

/** POST /api/newsletter/preview: the HTML exactly as a subscriber gets it (links signed for a placeholder subscriber). */
export async function preview(userId: string, input: Edition): Promise<EditionPreview> {
  await requireNewsletterMaster(userId);
  const edition = await resolveEdition(input);
  const mail = await renderFor(edition, PREVIEW_IDS.send, PREVIEW_IDS.subscriber);
  return { subject: mail.subject, html: mail.html, text: mail.text, articles: edition.articles };
}

/** POST /api/newsletter/test: one copy to the master's own account, counted nowhere. */
export async function testSend(userId: string, input: Edition): Promise<{ message: string; to: string }> {
  await requireNewsletterMaster(userId);
  const account = await accountOf(userId);
  if (!account?.email) throw badRequest(MESSAGES.sendError);
  const edition = await resolveEdition(input);
  const mail = await renderFor(edition, PREVIEW_IDS.send, PREVIEW_IDS.subscriber);
  await sendMail({ to: account.email, subject: `[Teste] ${mail.subject}`, html: mail.html, text: mail.text, headers: mail.headers });
  // Nothing else is stored for a test copy: its entry is written once it went out.
  await recordAudit(newsletterAudit('send_newsletter_test', userId, { type: 'newsletter_send', id: PREVIEW_IDS.send }, { subject: edition.subject }));
  return { message: MESSAGES.testSent, to: account.email };
}

/** POST /api/newsletter/sends: the edition is fixed now; the audience worker splits it into batches. */
export async function createSend(userId: string, input: Edition, now = new Date()): Promise<{ send: NewsletterSend; message: string }> {
  await requireNewsletterMaster(userId);
  const edition = await resolveEdition(input);
  const audience = await store.countByStatus('active');
  if (!audience) throw badRequest(MESSAGES.noAudience);
  const record: SendRecord = {
    id: timeOrderedId(now.getTime()),
    subject: edition.subject,
    intro: edition.intro,
    articles: edition.articles,
    status: 'queued',
    audience_count: audience,
    sent_to_count: 0,
    opened_count: 0,
    clicked_count: 0,
    batches_total: null,
    batches_done: 0,
    sent_at: now.toISOString(),
    finished_at: null,
    sent_by: userId,
  };
  await sends.insertSend(record, newsletterAudit('send_newsletter', userId, { type: 'newsletter_send', id: record.id }, { subject: record.subject, audience: audience }));
  return { send: sendView(record), message: MESSAGES.sendQueued };
}
