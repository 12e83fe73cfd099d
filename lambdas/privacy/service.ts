// The privacy context's rules: consent records, copies of a person's data, the deletion of an account
// and the masters' list. Every check is here, whatever the browser does.
import { AdminDisableUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  PRIVACY_LIMITS,
  PRIVACY_MESSAGES,
  RETENTION,
  type AdminDataRequestPage,
  type ConsentInput,
  type ConsentRecord,
  type DataRequest,
  type DeletionInput,
  type ExportDownload,
} from '../../shared/privacy';
import { cognito, s3 } from '../platform/clients';
import { env } from '../platform/env';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../platform/errors';
import { isUuid, timeOrderedId } from '../platform/ids';
import { logger } from '../platform/logger';
import { accountOf, closeAccount, readerAccess } from '../users/public';
import { DELETION_STEPS } from './erasure';
import { consentPartition, publicRequest, type RequestRecord } from './items';
import * as store from './store';

const DAY_SECONDS = 86_400;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Records a choice of the banner or of Meus dados: a signed-in reader's under their account, else the
 * browser's id. Never refused for its address (a carrier's address is shared by thousands of readers,
 * and a proof of consent must be kept): the same choice made again on the same day is the record
 * already kept, so a page that sends it again stores nothing new.
 */
export async function recordConsent(input: ConsentInput, userId: string | undefined, now = new Date()): Promise<{ recorded_at: string }> {
  const record: ConsentRecord = {
    ads: input.ads,
    personalization: input.ads && input.personalization,
    version: input.version,
    source: input.source,
    at: now.toISOString(),
  };
  // An account's records go with the account; an anonymous browser's expire (RETENTION).
  const partition = userId ? consentPartition({ user_id: userId }) : consentPartition({ visitor_id: input.visitor_id });
  const [latest] = await store.consentsOf(partition, 1);
  if (latest && sameConsent(latest, record)) return { recorded_at: latest.at };
  await store.insertConsent(partition, record, userId ? undefined : epoch(now) + RETENTION.visitorConsentDays * DAY_SECONDS);
  return { recorded_at: record.at };
}

/** The same choice, on the same text, from the same place, on the same UTC day. */
const sameConsent = (a: ConsentRecord, b: ConsentRecord): boolean =>
  a.ads === b.ads && a.personalization === b.personalization && a.version === b.version && a.source === b.source && a.at.slice(0, 10) === b.at.slice(0, 10);

export const myConsents = (userId: string): Promise<ConsentRecord[]> => store.consentsOf(consentPartition({ user_id: userId }), 20);

export async function myRequests(userId: string, now = new Date()): Promise<DataRequest[]> {
  return (await store.requestsOf(userId)).map((record) => publicRequest(record, now));
}

/** The caller's account, its e-mail as the contexts key it (trimmed, lower case). */
async function accountOfCaller(userId: string) {
  const account = await accountOf(userId);
  if (!account) throw notFound('Conta não encontrada.');
  return { ...account, email: account.email.trim().toLowerCase() };
}

function newRequest(kind: RequestRecord['kind'], userId: string, email: string, now: Date): RequestRecord {
  const at = now.toISOString();
  return {
    id: timeOrderedId(now.getTime()),
    kind,
    status: 'pending',
    user_id: userId,
    email,
    created_at: at,
    updated_at: at,
    completed_at: null,
    file_key: null,
    file_bytes: null,
    download_until: null,
    steps: {},
    steps_total: kind === 'deletion' ? DELETION_STEPS.length : 0,
    error: null,
  };
}

/** Asks for a copy of everything the portal holds about the caller; the export worker writes it. */
export async function requestExport(userId: string, now = new Date()): Promise<DataRequest> {
  const mine = await store.requestsOf(userId);
  const exports = mine.filter((request) => request.kind === 'export');
  if (exports.some((request) => request.status === 'pending')) throw conflict(PRIVACY_MESSAGES.exportPending);
  const dayAgo = new Date(now.getTime() - DAY_SECONDS * 1000).toISOString();
  if (exports.filter((request) => request.created_at > dayAgo).length >= PRIVACY_LIMITS.exportsPerDay) throw tooManyRequests(PRIVACY_MESSAGES.exportLimit);
  const record = newRequest('export', userId, (await accountOfCaller(userId)).email, now);
  await store.insertRequest(record, epoch(now) + RETENTION.exportRequestDays * DAY_SECONDS);
  return publicRequest(record, now);
}

/** A link to the caller's own ready export, valid minutes (the file itself lasts PRIVACY_LIMITS.exportDays). */
export async function exportDownload(userId: string, id: string, now = new Date()): Promise<ExportDownload> {
  // Not an id of ours (a request id is a UUID): as absent as a missing one, without a read.
  const record = isUuid(id) ? await store.getRequest(id) : undefined;
  // Another person's request is as absent as a missing one.
  if (!record || record.kind !== 'export' || record.user_id !== userId) throw notFound(PRIVACY_MESSAGES.exportNotFound);
  if (record.status !== 'ready' || !record.file_key) throw conflict(PRIVACY_MESSAGES.exportNotReady);
  if (!record.download_until || record.download_until <= now.toISOString()) throw new AppError(410, PRIVACY_MESSAGES.exportExpired);
  const fileName = `meus-dados-${record.created_at.slice(0, 10)}.json`;
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: env('MEDIA_BUCKET'),
      Key: record.file_key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: 'application/json; charset=utf-8',
    }),
    { expiresIn: PRIVACY_LIMITS.linkSeconds },
  );
  return { url, expires_at: new Date(now.getTime() + PRIVACY_LIMITS.linkSeconds * 1000).toISOString() };
}

/** The password asked again: checked by signing in with it, as the web app does. */
async function checkPassword(email: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: env('USER_POOL_CLIENT_ID'), AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') throw badRequest(PRIVACY_MESSAGES.wrongPassword, 'password');
    throw error;
  }
}

/**
 * Deletes the caller's account: a confirmed request (password again). The account is closed and
 * the sign-in disabled at once; the payments context cancels the subscriptions first, then every context erases (erasure.ts).
 */
export async function requestDeletion(userId: string, { password }: DeletionInput, now = new Date()): Promise<DataRequest> {
  // One read of the account: its roles and its e-mail.
  const { roles, email } = await accountOfCaller(userId);
  if (roles.includes('master')) throw conflict(PRIVACY_MESSAGES.masterCannotDelete);
  const mine = await store.requestsOf(userId);
  if (mine.some((request) => request.kind === 'deletion')) throw conflict(PRIVACY_MESSAGES.deletionPending);
  await checkPassword(email, password);
  const record = newRequest('deletion', userId, email, now);
  await store.insertRequest(record);
  // From now on the account's tokens write nothing (the edge refuses a closed account), so nothing
  // about the person is recorded again after the contexts have erased it.
  await closeAccount(userId, now);
  await cognito()
    .send(new AdminDisableUserCommand({ UserPoolId: env('USER_POOL_ID'), Username: email }))
    // The users context deletes the account in a moment anyway.
    .catch((error: unknown) => logger.warn('privacy: could not disable the account', { error, requestId: record.id }));
  logger.info('privacy: deletion requested', { requestId: record.id });
  return publicRequest(record, now);
}

/** The masters' list of every request, newest first. */
export async function adminRequests(userId: string, cursor: string | undefined, now = new Date()): Promise<AdminDataRequestPage> {
  const { roles } = await readerAccess(userId);
  if (!roles.includes('master')) throw forbidden(PRIVACY_MESSAGES.accessDenied);
  const page = await store.requestPage(cursor);
  return {
    items: page.records.map((record) => ({ ...publicRequest(record, now), user_id: record.user_id, email: record.email })),
    cursor: page.cursor ?? null,
  };
}
