// The newsletter's items (charted in lambdas/DATA.md). A subscriber lives in its own partition; the
// e-mail's claim (keyed by a hash of the address) keeps addresses unique and finds a subscriber by
// e-mail; gsi1 lists every subscriber newest first, gsi2 those of one status (the counters, and the
// audience of a send: the active ones). A send, its recipients' batches and the per-recipient markers
// (delivered, opened, clicked) make a send idempotent and its counts exact. No AWS SDK here: the
// event mapper (read by the CDK app through the contract) uses it.
import { createHash } from 'node:crypto';
import {
  SEND_STATUSES,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUSES,
  type EditionArticle,
  type NewsletterSend,
  type NewsletterSubscriber,
  type SendStatus,
  type SubscriberSource,
  type SubscriberStatus,
} from '../../shared/newsletter';
import type { Item, Key } from '../platform/dynamo';

export const SUBSCRIBER_ENTITY = 'newsletter_subscriber';
export const SEND_ENTITY = 'newsletter_send';
export const BATCH_ENTITY = 'newsletter_batch';

/** The batch worker: recipients per batch, batches at once (it paces itself under the account's rate divided by it), receives before the DLQ. */
export const BATCH_LIMITS = { recipients: 50, concurrency: 2, maxReceives: 6 } as const;
/** Markers outlive any redelivery (14 days in a DLQ) and most late opens of an edition. */
export const MARKER_DAYS = 365;
/**
 * A done batch, which names its recipients' e-mails, is kept this long after done_at: long enough to
 * look into a send's problems, not longer (LGPD art. 15–16). The send keeps its counters.
 */
export const BATCH_KEEP_DAYS = 30;

/** What the reader agreed to, when and where (LGPD art. 8: the controller proves the consent). */
export interface Consent {
  at: string;
  source: SubscriberSource;
  source_page: string;
  text_version: string;
}

export interface SubscriberRecord extends NewsletterSubscriber {
  consent: Consent | null;
  /** The latest sign-up request awaiting confirmation (each one gets its own e-mail). */
  confirm_requested_at: string | null;
  updated_at: string;
  /** Epoch seconds: a pending sign-up is forgotten after NEWSLETTER_LIMITS.confirmHours. */
  expires_at: number | null;
}

export const SUBSCRIBERS_PK = 'NLSUBS';
export const statusIndexPk = (status: SubscriberStatus) => `NLSUBS#${status}`;
export const subscriberKey = (id: string): Key => ({ pk: `NLSUB#${id}`, sk: 'NLSUB' });
const emailHash = (email: string) => createHash('sha256').update(email).digest('base64url');
export const emailClaimKey = (email: string): Key => ({ pk: `NLEMAIL#${emailHash(email)}`, sk: 'NLEMAIL' });

export function subscriberItem(record: SubscriberRecord): Item {
  const sortKey = `${record.subscribed_at}#${record.id}`;
  return {
    ...subscriberKey(record.id),
    entity: SUBSCRIBER_ENTITY,
    gsi1pk: SUBSCRIBERS_PK,
    gsi1sk: sortKey,
    gsi2pk: statusIndexPk(record.status),
    gsi2sk: sortKey,
    ...record,
    // Absent, not NULL: the table's TTL deletes only items that carry a number.
    expires_at: record.expires_at ?? undefined,
  };
}

export function claimItem(record: Pick<SubscriberRecord, 'id' | 'email' | 'expires_at'>): Item {
  return { ...emailClaimKey(record.email), entity: 'newsletter_email', subscriber_id: record.id, expires_at: record.expires_at ?? undefined };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const count = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

function consentOf(value: unknown): Consent | null {
  if (!value || typeof value !== 'object') return null;
  const consent = value as Record<string, unknown>;
  return { at: text(consent.at), source: oneOf(SUBSCRIBER_SOURCES, consent.source, 'home'), source_page: text(consent.source_page), text_version: text(consent.text_version) };
}

export function subscriberFromItem(item: Item): SubscriberRecord {
  return {
    id: text(item.id),
    email: text(item.email),
    name: textOrNull(item.name),
    status: oneOf(SUBSCRIBER_STATUSES, item.status, 'pending'),
    source: oneOf(SUBSCRIBER_SOURCES, item.source, 'admin'),
    subscribed_at: text(item.subscribed_at),
    confirmed_at: textOrNull(item.confirmed_at),
    unsubscribed_at: textOrNull(item.unsubscribed_at),
    consent: consentOf(item.consent),
    confirm_requested_at: textOrNull(item.confirm_requested_at),
    updated_at: text(item.updated_at),
    expires_at: typeof item.expires_at === 'number' ? item.expires_at : null,
  };
}

export const subscriberView = (record: SubscriberRecord): NewsletterSubscriber => ({
  id: record.id,
  email: record.email,
  name: record.name,
  status: record.status,
  source: record.source,
  subscribed_at: record.subscribed_at,
  confirmed_at: record.confirmed_at,
  unsubscribed_at: record.unsubscribed_at,
});

// Sends.

export interface SendRecord extends NewsletterSend {
  intro: string;
  /** The edition's articles as resolved when it was asked for: every batch renders the same edition. */
  articles: EditionArticle[];
  /** Set by the audience worker once every batch is written; the send is over when batches_done reaches it. */
  batches_total: number | null;
  batches_done: number;
}

export const SENDS_PK = 'NLSENDS';
export const sendKey = (id: string): Key => ({ pk: `NLSEND#${id}`, sk: 'NLSEND' });

export function sendItem(record: SendRecord): Item {
  return {
    ...sendKey(record.id),
    entity: SEND_ENTITY,
    gsi1pk: SENDS_PK,
    gsi1sk: `${record.sent_at}#${record.id}`,
    ...record,
    batches_total: record.batches_total ?? undefined,
  };
}

export function sendFromItem(item: Item): SendRecord {
  return {
    id: text(item.id),
    subject: text(item.subject),
    intro: text(item.intro),
    articles: Array.isArray(item.articles) ? (item.articles as EditionArticle[]) : [],
    status: oneOf<SendStatus>(SEND_STATUSES, item.status, 'queued'),
    audience_count: count(item.audience_count),
    sent_to_count: count(item.sent_to_count),
    opened_count: count(item.opened_count),
    clicked_count: count(item.clicked_count),
    batches_total: item.batches_total === undefined || item.batches_total === null ? null : count(item.batches_total),
    batches_done: count(item.batches_done),
    sent_at: text(item.sent_at),
    finished_at: textOrNull(item.finished_at),
    sent_by: text(item.sent_by),
  };
}

export const sendView = (record: SendRecord): NewsletterSend => ({
  id: record.id,
  subject: record.subject,
  status: record.status,
  audience_count: record.audience_count,
  sent_to_count: record.sent_to_count,
  opened_count: record.opened_count,
  clicked_count: record.clicked_count,
  sent_at: record.sent_at,
  finished_at: record.finished_at,
  sent_by: record.sent_by,
});

// Batches and markers.

export interface Recipient {
  id: string;
  email: string;
}

export interface BatchRecord {
  send_id: string;
  number: number;
  recipients: Recipient[];
  created_at: string;
  done_at: string | null;
  /** How many times a worker went through it (a redelivery is one more run). */
  runs: number;
}

export const batchKey = (sendId: string, number: number): Key => ({ pk: `NLSEND#${sendId}`, sk: `BATCH#${String(number).padStart(6, '0')}` });

export function batchItem(record: BatchRecord): Item {
  return { ...batchKey(record.send_id, record.number), entity: BATCH_ENTITY, ...record, done_at: record.done_at ?? undefined };
}

/** When a batch done at `doneAt` expires (the table's TTL, epoch seconds). */
export const batchExpiry = (doneAt: string) => Math.floor(Date.parse(doneAt) / 1000) + BATCH_KEEP_DAYS * 24 * 3600;

/** TTL deletes lazily: a batch past its expires_at is treated as gone. */
export const batchExpired = (item: Item, nowMs: number) => typeof item.expires_at === 'number' && item.expires_at <= Math.floor(nowMs / 1000);

export function batchFromItem(item: Item): BatchRecord {
  const recipients = Array.isArray(item.recipients) ? (item.recipients as Item[]) : [];
  return {
    send_id: text(item.send_id),
    number: count(item.number),
    recipients: recipients.map((recipient) => ({ id: text(recipient.id), email: text(recipient.email) })),
    created_at: text(item.created_at),
    done_at: textOrNull(item.done_at),
    runs: count(item.runs),
  };
}

/** One per (send, subscriber) and kind, each its own partition so a large send spreads its writes. */
export type MarkerKind = 'DELIVERY' | 'OPEN' | 'CLICK';
export const markerKey = (sendId: string, subscriberId: string, kind: MarkerKind): Key => ({ pk: `NLSEND#${sendId}#${subscriberId}`, sk: kind });
export const markerExpiry = (nowMs: number) => Math.floor(nowMs / 1000) + MARKER_DAYS * 24 * 3600;

/** The confirmation e-mail of one sign-up request, sent once. */
export const confirmationMailKey = (subscriberId: string, requestedAt: string): Key => ({ pk: `NLSUB#${subscriberId}`, sk: `CONFIRMMAIL#${requestedAt}` });
