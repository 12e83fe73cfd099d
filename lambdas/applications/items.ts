// An author application and what guards it. The application lives in its own partition
// (APPLICATION#<id>); gsi1 lists every application newest first, gsi2 only the pending ones (counted
// on the dashboard). Two claim items, one per e-mail and one per CPF (hashed: no CPF in a key),
// exist while an application is pending: written with it under attribute_not_exists, deleted with
// its decision, they make "one pending application per e-mail and per CPF" a database rule. A link
// per application (APPLICANT#EMAIL#<hash> / APPLICATION#<id>) stays: the applicant's data by e-mail.
import { createHash } from 'node:crypto';
import type { ApplicationStatus, ApplicationSubmission, AuthorApplication } from '../../shared/applications';
import { RETENTION } from '../../shared/privacy';
import type { Item, Key } from '../platform/dynamo';

export interface ApplicationRecord extends Omit<ApplicationSubmission, 'consent'> {
  id: string;
  status: ApplicationStatus;
  created_at: string;
  consent_at: string;
  consent_version: string;
  decided_at: string | null;
  decided_by: string | null;
  rejection_reason: string | null;
  /** Once approved: the account that received the author role, and whether the approval created it. */
  user_id: string | null;
  account_created: boolean | null;
}

export const ALL_INDEX_PK = 'APPLICATIONS';
export const PENDING_INDEX_PK = 'APPLICATIONS_PENDING';

export const applicationKey = (id: string): Key => ({ pk: `APPLICATION#${id}`, sk: 'APPLICATION' });

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url');
export const emailClaimKey = (email: string): Key => ({ pk: `APPLICANT#EMAIL#${hashed(email)}`, sk: 'PENDING' });
export const cpfClaimKey = (cpf: string): Key => ({ pk: `APPLICANT#CPF#${hashed(cpf)}`, sk: 'PENDING' });

/**
 * A permanent link from the applicant's e-mail to each of their applications (beside the pending
 * claim, in the same partition): how the privacy context finds an applicant's data by e-mail
 * without a Scan. It expires with a rejected application.
 */
export const APPLICATION_LINK_PREFIX = 'APPLICATION#';
export const applicationLinkKey = (email: string, id: string): Key => ({ pk: emailClaimKey(email).pk, sk: `${APPLICATION_LINK_PREFIX}${id}` });
export const applicationLinkItem = (record: Pick<ApplicationRecord, 'id' | 'email'>, expiresAt?: number): Item => ({
  ...applicationLinkKey(record.email, record.id),
  entity: 'application_link',
  application_id: record.id,
  ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
});

/**
 * A second application with the e-mail or the CPF of a pending one: the sender is answered as if it were
 * new (nobody learns whose CPF or e-mail is known), and the pending one's applicant is told by e-mail
 * (the insert emits AuthorApplicationRepeated), at most once a day; the notice goes two days later (TTL).
 */
export const repeatNoticeKey = (applicationId: string, day: string): Key => ({ pk: applicationKey(applicationId).pk, sk: `NOTICE#${day}` });
export function repeatNoticeItem(pending: Pick<ApplicationRecord, 'id' | 'email' | 'full_name'>, matched: 'email' | 'cpf', now: string): Item {
  const key = repeatNoticeKey(pending.id, now.slice(0, 10));
  return {
    ...key,
    entity: 'application_notice',
    application_id: pending.id,
    email: pending.email,
    full_name: pending.full_name,
    matched,
    notice_id: `${key.pk}#${key.sk}`,
    expires_at: Math.floor(Date.parse(now) / 1000) + 2 * 24 * 3600,
  };
}

/** A rejected application's end (epoch seconds, the table's TTL): RETENTION.rejectedApplicationDays after its decision. */
export const rejectedExpiry = (decidedAt: string, days: number = RETENTION.rejectedApplicationDays) => Math.floor(Date.parse(decidedAt) / 1000) + days * 24 * 3600;

export function applicationItem(record: ApplicationRecord): Item {
  const sortKey = `${record.created_at}#${record.id}`;
  return {
    ...applicationKey(record.id),
    entity: 'author_application',
    gsi1pk: ALL_INDEX_PK,
    gsi1sk: sortKey,
    ...(record.status === 'pending' ? { gsi2pk: PENDING_INDEX_PK, gsi2sk: sortKey } : {}),
    ...record,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const social = (value: unknown) => {
  const source = (value ?? {}) as Record<string, unknown>;
  return {
    facebook: textOrNull(source.facebook),
    instagram: textOrNull(source.instagram),
    twitter: textOrNull(source.twitter),
    linkedin: textOrNull(source.linkedin),
  };
};

export function fromItem(item: Item): AuthorApplication & Pick<ApplicationRecord, 'user_id' | 'account_created'> {
  const media = (item.media_experience ?? {}) as Record<string, unknown>;
  return {
    id: text(item.id),
    full_name: text(item.full_name),
    email: text(item.email),
    cpf: text(item.cpf),
    phone: text(item.phone),
    address: text(item.address),
    social_media: social(item.social_media),
    website: textOrNull(item.website),
    professional_registration: textOrNull(item.professional_registration),
    experience_years: text(item.experience_years),
    previous_outlets: text(item.previous_outlets),
    media_experience: { writing: media.writing === true, audio: media.audio === true, video: media.video === true },
    expectations: text(item.expectations),
    status: (['pending', 'approved', 'rejected'].includes(text(item.status)) ? item.status : 'pending') as ApplicationStatus,
    created_at: text(item.created_at),
    consent_at: text(item.consent_at),
    consent_version: text(item.consent_version),
    decided_at: textOrNull(item.decided_at),
    decided_by: textOrNull(item.decided_by),
    rejection_reason: textOrNull(item.rejection_reason),
    user_id: textOrNull(item.user_id),
    account_created: typeof item.account_created === 'boolean' ? item.account_created : null,
  };
}
