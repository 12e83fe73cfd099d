// The audit log (the spec's log_system_event): what the other contexts may use. An entry is written in
// the same transaction as the change it records (a role, an article's status, a deletion, a decision on
// an author application, a menu item, a newsletter, an import, the analytics settings), so there is never
// a change without its entry nor an entry without its change; an action that changes nothing stored (a
// newsletter's test copy) writes its entry once it is done. Every master action leaves one.
// The audit context serves the latest entries to masters (GET /api/admin/audit).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { tableName, type TransactItem } from '../platform/dynamo';
import { timeOrderedId } from '../platform/ids';

/** The spec's event types: what kind of thing changed. */
export type AuditEventType =
  | 'ARTICLE_UPDATE'
  | 'ARTICLE_DELETE'
  | 'ROLE_CHANGE'
  | 'APPLICATION_DECISION'
  | 'EVENT_DELETE'
  | 'MENU_CHANGE'
  | 'NEWSLETTER'
  | 'IMPORT'
  | 'SETTINGS_CHANGE'
  | 'QUEUE_REDRIVE'
  | 'SECURITY_CHANGE';

/** What was done, in the spec's snake_case verbs. */
export type AuditAction =
  | 'update_article'
  | 'change_article_status'
  | 'delete_article'
  | 'assign_role'
  | 'remove_role'
  | 'approve_application'
  | 'reject_application'
  | 'delete_event'
  | 'claim_master'
  | 'create_menu_item'
  | 'update_menu_item'
  | 'delete_menu_item'
  | 'send_newsletter'
  | 'send_newsletter_test'
  | 'add_newsletter_subscriber'
  | 'unsubscribe_newsletter_subscriber'
  | 'start_import'
  | 'save_analytics_settings'
  | 'redrive_dead_letter_queue'
  | 'reset_mfa';

export interface AuditInput {
  event_type: AuditEventType;
  action: AuditAction;
  /** Who did it (Cognito sub). */
  user_id: string;
  /** To whom (a user: the log names them as they are named now) or to which item. */
  target_type: 'article' | 'user' | 'application' | 'event' | 'menu_item' | 'newsletter_send' | 'newsletter_subscriber' | 'import' | 'analytics_settings' | 'queue';
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

/** An entry on its own, for an action that stores nothing else (a newsletter's test copy), once it is done. */
export async function recordAudit(input: AuditInput, now: number = Date.now()): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: auditItem(auditEntry(input, now)), ConditionExpression: 'attribute_not_exists(pk)' }));
}
