// DynamoDB access for author applications (keys in items.ts, charted in lambdas/DATA.md).
import { countHourly } from '../platform/address-rate';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditInput } from '../audit/public';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, conditionalWrite, countItems, getItem, queryPage, tableName, type Page } from '../platform/dynamo';
import {
  ALL_INDEX_PK,
  applicationItem,
  applicationKey,
  applicationLinkItem,
  cpfClaimKey,
  emailClaimKey,
  fromItem,
  PENDING_INDEX_PK,
  rejectedExpiry,
  repeatNoticeItem,
  type ApplicationRecord,
} from './items';

export type Insertion = 'inserted' | 'email-pending' | 'cpf-pending';

/** The application with its two claims and its e-mail link, in one transaction: a claim already held names what is pending. */
export async function insertApplication(record: ApplicationRecord): Promise<Insertion> {
  const claim = (key: { pk: string; sk: string }) => ({
    Put: { TableName: tableName(), Item: { ...key, entity: 'application_claim', application_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: applicationItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
          claim(emailClaimKey(record.email)),
          claim(cpfClaimKey(record.cpf)),
          // Last, so the claims keep their positions below; a new id, so it never exists yet.
          { Put: { TableName: tableName(), Item: applicationLinkItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return 'inserted';
  } catch (error) {
    const index = cancelledItemIndex(error);
    if (index === 1) return 'email-pending';
    if (index === 2) return 'cpf-pending';
    throw error;
  }
}

/** Today's notice to the applicant whose pending application holds this e-mail or CPF (a claim, then the application: two Gets). */
export async function recordRepeatNotice(held: Exclude<Insertion, 'inserted'>, record: ApplicationRecord, now: string): Promise<void> {
  const claim = await getItem(held === 'email-pending' ? emailClaimKey(record.email) : cpfClaimKey(record.cpf), true);
  const pending = typeof claim?.application_id === 'string' ? await getApplication(claim.application_id) : undefined;
  // Decided in between: the claim or the application is gone, and nobody is left to tell.
  if (!pending || pending.status !== 'pending') return;
  const item = repeatNoticeItem(pending, held === 'email-pending' ? 'email' : 'cpf', now);
  await conditionalWrite(() => ddb().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
}

/** Counts one submission from this address in the current hour; false once `limit` were counted. */
export const countSubmission = (address: string, limit: number, now = Date.now()): Promise<boolean> => countHourly('APPLYRATE', address, limit, now);

/** Counts one submission for a person (`cpf:<digits>` or `email:<address>`) in the current hour; false once `limit` were counted. */
export const countPersonSubmission = (person: string, limit: number, now = Date.now()): Promise<boolean> => countHourly('APPLYPERSONRATE', person, limit, now);

export async function getApplication(id: string) {
  const item = await getItem(applicationKey(id), true);
  return item && fromItem(item);
}

export async function listApplications(limit: number, cursor: string | undefined): Promise<{ records: ReturnType<typeof fromItem>[]; cursor?: string }> {
  const page: Page = await queryPage({ index: 'gsi1', partition: ALL_INDEX_PK, descending: true, limit }, cursor);
  return { records: page.items.map(fromItem), cursor: page.cursor };
}

export const countPending = () => countItems({ index: 'gsi2', partition: PENDING_INDEX_PK });

export interface Decision {
  status: 'approved' | 'rejected';
  decided_at: string;
  decided_by: string;
  rejection_reason: string | null;
  user_id: string | null;
  account_created: boolean | null;
}

/**
 * Records the decision if the application is still pending, releasing its claims and writing the
 * audit entry in the same transaction (a rejection also sets the application's and its link's
 * expires_at); false when someone decided it first.
 */
export async function decide(record: ApplicationRecord, decision: Decision, audit: AuditInput): Promise<boolean> {
  // A rejected application's CPF, address and phone go after RETENTION.rejectedApplicationDays (the TTL).
  const expires = decision.status === 'rejected' ? rejectedExpiry(decision.decided_at) : undefined;
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: applicationKey(record.id),
              UpdateExpression:
                `SET #status = :status, decided_at = :at, decided_by = :by, rejection_reason = :reason, user_id = :user, account_created = :created${expires === undefined ? '' : ', expires_at = :expires'} REMOVE gsi2pk, gsi2sk`,
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':status': decision.status,
                ':at': decision.decided_at,
                ':by': decision.decided_by,
                ':reason': decision.rejection_reason,
                ':user': decision.user_id,
                ':created': decision.account_created,
                ':pending': 'pending',
                ...(expires === undefined ? {} : { ':expires': expires }),
              },
            },
          },
          { Delete: { TableName: tableName(), Key: emailClaimKey(record.email) } },
          { Delete: { TableName: tableName(), Key: cpfClaimKey(record.cpf) } },
          auditPut(audit),
          // The link expires with it (a Put: an application older than the links gets its link here).
          { Put: { TableName: tableName(), Item: applicationLinkItem(record, expires) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancelledItemIndex(error) === 0) return false;
    throw error;
  }
}
