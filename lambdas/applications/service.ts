// The author-application use cases. Anyone may apply (one pending application per e-mail and per
// CPF, told to its applicant by e-mail, never to the sender; a few per hour per person and from one address); only masters read them, and CPF, address and phone leave
// the server only in a master's detail view (masked in the list, never in events or logs). A
// decision is taken once: approval
// records the decision if it is still pending, with its audit entry; the account follows from its event.
import { randomUUID } from 'node:crypto';
import {
  APPLICATION_CONSENT_VERSION,
  APPLICATION_MESSAGES as MESSAGES,
  maskCpf,
  maskPhone,
  type ApplicationSubmission,
  type ApplicationSummary,
  type AuthorApplication,
} from '../../shared/applications';
import { conflict, notFound, tooManyRequests } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { accountExists, requireMaster } from '../users/public';
import type { ApplicationRecord } from './items';
import * as store from './store';

/**
 * Submissions one network address may send in an hour. The whole portal receives a few applications
 * a day; even a carrier's address shared by a couple of thousand subscribers (CGNAT) sends one now and
 * then: 20 an hour is far above any crowd, and a ceiling on a script.
 */
export const SUBMISSIONS_PER_HOUR = 20;
/** Submissions one person (their CPF, their e-mail) may send in an hour, whatever the address: a retry or two. */
export const PERSON_SUBMISSIONS_PER_HOUR = 5;
const PAGE_SIZE = 20;

const withoutInternals = ({ user_id: _user, account_created: _created, ...application }: Awaited<ReturnType<typeof store.getApplication>> & object): AuthorApplication =>
  application;

function summary(application: AuthorApplication): ApplicationSummary {
  return {
    id: application.id,
    full_name: application.full_name,
    email: application.email,
    cpf: maskCpf(application.cpf),
    phone: maskPhone(application.phone),
    status: application.status,
    created_at: application.created_at,
    decided_at: application.decided_at,
    decided_by: application.decided_by,
    rejection_reason: application.rejection_reason,
  };
}

/** POST /api/applications, with the body the edge parsed (applicationSchema). */
export async function submit(input: ApplicationSubmission, viewerAddress: string) {
  if (!(await store.countSubmission(viewerAddress, SUBMISSIONS_PER_HOUR))) throw tooManyRequests(MESSAGES.rateLimited);
  const person = await Promise.all([store.countPersonSubmission(`cpf:${input.cpf}`, PERSON_SUBMISSIONS_PER_HOUR), store.countPersonSubmission(`email:${input.email}`, PERSON_SUBMISSIONS_PER_HOUR)]);
  if (person.includes(false)) throw tooManyRequests(MESSAGES.personRateLimited);
  const now = new Date().toISOString();
  const { consent: _consent, ...fields } = input;
  const record: ApplicationRecord = {
    ...fields,
    id: randomUUID(),
    status: 'pending',
    created_at: now,
    consent_at: now,
    consent_version: APPLICATION_CONSENT_VERSION,
    decided_at: null,
    decided_by: null,
    rejection_reason: null,
    user_id: null,
    account_created: null,
  };
  const inserted = await store.insertApplication(record);
  // One is already pending for this e-mail or CPF: the answer is the one a new application gets (an id
  // nobody holds), so a stranger cannot learn whose CPF or e-mail is known; the applicant is told by e-mail.
  if (inserted !== 'inserted') await store.recordRepeatNotice(inserted, record, now);
  return { id: record.id, status: record.status, created_at: record.created_at };
}

export async function list(userId: string, cursor: string | undefined) {
  await requireMaster(userId);
  const page = await store.listApplications(PAGE_SIZE, cursor);
  return { items: page.records.map((record) => summary(withoutInternals(record))), next_cursor: page.cursor ?? null };
}

export async function pendingCount(userId: string) {
  await requireMaster(userId);
  return { count: await store.countPending() };
}

/** The application, or a 404 (an id that cannot be one is not read: it would make an oversized key). */
async function find(id: string) {
  const found = isUuid(id) ? await store.getApplication(id) : undefined;
  if (!found) throw notFound(MESSAGES.notFound);
  return found;
}

async function pending(id: string) {
  const found = await find(id);
  if (found.status !== 'pending') throw conflict(MESSAGES.alreadyDecided);
  return found;
}

export async function detail(userId: string, id: string): Promise<AuthorApplication> {
  await requireMaster(userId);
  return withoutInternals(await find(id));
}

export async function approve(userId: string, id: string) {
  await requireMaster(userId);
  const application = await pending(id);
  // The decision is taken once, here; the account work follows from its event (the users context's
  // author-role worker, retried until done), so a failure there never leaves a decision half made.
  const exists = await accountExists(application.email);
  const decision: store.Decision = {
    status: 'approved',
    decided_at: new Date().toISOString(),
    decided_by: userId,
    rejection_reason: null,
    user_id: null,
    account_created: !exists,
  };
  const decided = await store.decide(application, decision, {
    event_type: 'APPLICATION_DECISION',
    action: 'approve_application',
    user_id: userId,
    target_type: 'application',
    target_id: id,
    details: { status: 'approved', account_created: !exists },
  });
  if (!decided) throw conflict(MESSAGES.alreadyDecided);
  return { application: withoutInternals({ ...application, ...decision }), account: exists ? ('existing' as const) : ('created' as const) };
}

export async function reject(userId: string, id: string, reason: string | null) {
  await requireMaster(userId);
  const application = await pending(id);
  const decision: store.Decision = {
    status: 'rejected',
    decided_at: new Date().toISOString(),
    decided_by: userId,
    rejection_reason: reason,
    user_id: null,
    account_created: null,
  };
  const decided = await store.decide(application, decision, {
    event_type: 'APPLICATION_DECISION',
    action: 'reject_application',
    user_id: userId,
    target_type: 'application',
    target_id: id,
    details: { status: 'rejected' },
  });
  if (!decided) throw conflict(MESSAGES.alreadyDecided);
  return { application: withoutInternals({ ...application, ...decision }) };
}
