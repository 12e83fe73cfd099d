// The audit log (the spec's log_system_event): what the other contexts may use. An entry is written in
// the same transaction as the change it records (a role, an article's status, a deletion, a decision on
// an author application), so there is never a change without its entry nor an entry without its change.
// The audit context serves the latest entries to masters (GET /api/admin/audit).
import { tableName, type TransactItem } from '../platform/dynamo';
import { timeOrderedId } from '../platform/ids';

/** The spec's event types: what kind of thing changed. */
export type AuditEventType = 'ARTICLE_UPDATE' | 'ARTICLE_DELETE' | 'ROLE_CHANGE' | 'APPLICATION_DECISION' | 'EVENT_DELETE';

/** What was done, in the spec's snake_case verbs. */
export type AuditAction =
  | 'update_article'
  | 'change_article_status'
  | 'delete_article'
  | 'assign_role'
  | 'remove_role'
  | 'approve_application'
  | 'reject_application'
  | 'delete_event';

export interface AuditInput {
  event_type: AuditEventType;
  action: AuditAction;
  /** Who did it (Cognito sub). */
  user_id: string;
  target_type: 'article' | 'user' | 'application' | 'event';
  target_id: string;
  /** Small, non-personal facts (status, role, hasAI…): never a CPF, address or phone. */
  details: Record<string, string | number | boolean | null>;
}

export interface AuditEntry extends AuditInput {
  id: string;
  status: 'success';
  created_at: string;
}

/** Every entry is in one index partition, newest first by its time-ordered id. */
export const AUDIT_INDEX_PK = 'AUDIT';

export function auditEntry(input: AuditInput, now: number = Date.now()): AuditEntry {
  return { ...input, id: timeOrderedId(now), status: 'success', created_at: new Date(now).toISOString() };
}

export function auditItem(entry: AuditEntry): Record<string, unknown> {
  return { pk: `AUDIT#${entry.id}`, sk: 'AUDIT', gsi1pk: AUDIT_INDEX_PK, gsi1sk: `${entry.created_at}#${entry.id}`, entity: 'audit_entry', ...entry };
}

/** The Put to add to the transaction that makes the change. */
export function auditPut(input: AuditInput, now: number = Date.now()): TransactItem {
  return { Put: { TableName: tableName(), Item: auditItem(auditEntry(input, now)), ConditionExpression: 'attribute_not_exists(pk)' } };
}
