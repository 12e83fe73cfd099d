// A data request (an export of Meus dados, or the deletion of an account) and a consent record, with
// their keys (charted in lambdas/DATA.md). A request lists newest first for the masters (gsi1) and for
// its owner (gsi2, until a deletion completes: then nothing in the table leads from the person to it).
import type { ConsentRecord, ConsentSource, DataRequest, DataRequestKind, DataRequestStatus, DataRequestStep, ErasureSummary } from '../../shared/privacy';
import type { Item, Key } from '../platform/dynamo';

export const REQUESTS_INDEX_PK = 'DATAREQS';
export const requestsOfIndexPk = (userId: string) => `DATAREQS_BY#${userId}`;
export const requestKey = (id: string): Key => ({ pk: `DATAREQ#${id}`, sk: 'REQUEST' });

/** A request as stored: the e-mail stays only while a deletion needs it (newsletter, applications). */
export interface RequestRecord {
  id: string;
  kind: DataRequestKind;
  status: DataRequestStatus;
  user_id: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  file_key: string | null;
  file_bytes: number | null;
  download_until: string | null;
  steps: Record<string, { at: string; removed: ErasureSummary }>;
  steps_total: number;
  error: string | null;
}

export function requestItem(record: RequestRecord, expiresAt?: number): Item {
  const sortKey = `${record.created_at}#${record.id}`;
  return {
    ...requestKey(record.id),
    entity: 'data_request',
    ...record,
    gsi1pk: REQUESTS_INDEX_PK,
    gsi1sk: sortKey,
    ...(record.user_id ? { gsi2pk: requestsOfIndexPk(record.user_id), gsi2sk: sortKey } : {}),
    ...(expiresAt ? { expires_at: expiresAt } : {}),
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function requestOf(item: Item): RequestRecord {
  return {
    id: String(item.id),
    kind: item.kind as DataRequestKind,
    status: item.status as DataRequestStatus,
    user_id: text(item.user_id),
    email: text(item.email),
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
    completed_at: text(item.completed_at),
    file_key: text(item.file_key),
    file_bytes: typeof item.file_bytes === 'number' ? item.file_bytes : null,
    download_until: text(item.download_until),
    steps: (item.steps ?? {}) as RequestRecord['steps'],
    steps_total: Number(item.steps_total ?? 0),
    error: text(item.error),
  };
}

/** What the owner and the masters see: never the file's key. */
export function publicRequest(record: RequestRecord, now = new Date()): DataRequest {
  const expired = record.kind === 'export' && record.status === 'ready' && record.download_until !== null && record.download_until <= now.toISOString();
  const steps: DataRequestStep[] = Object.entries(record.steps)
    .map(([context, step]) => ({ context, at: step.at, removed: step.removed }))
    .sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: record.id,
    kind: record.kind,
    status: expired ? 'expired' : record.status,
    created_at: record.created_at,
    updated_at: record.updated_at,
    completed_at: record.completed_at,
    download_until: record.download_until,
    file_bytes: record.file_bytes,
    steps,
    steps_total: record.steps_total,
    error: record.error,
  };
}

/** A person's consent records: a signed-in reader's under their id, an anonymous reader's under the browser's. */
export const consentPartition = (subject: { user_id: string } | { visitor_id: string }): string =>
  'user_id' in subject ? `CONSENTS#user#${subject.user_id}` : `CONSENTS#visitor#${subject.visitor_id}`;

export function consentItem(partition: string, record: ConsentRecord, id: string, expiresAt?: number): Item {
  return { pk: partition, sk: `${record.at}#${id}`, entity: 'consent', ...record, ...(expiresAt ? { expires_at: expiresAt } : {}) };
}

export const consentOf = (item: Item): ConsentRecord => ({
  ads: item.ads === true,
  personalization: item.personalization === true,
  version: String(item.version),
  source: item.source as ConsentSource,
  at: String(item.at),
});

export const EXPORT_PREFIX = 'privacy/exports/';
export const exportKeyOf = (userId: string, requestId: string) => `${EXPORT_PREFIX}${userId}/${requestId}.json`;
