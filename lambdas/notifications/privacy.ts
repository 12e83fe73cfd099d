// What the notifications context holds about a person (the notifications sent to them) for Meus dados,
// and its part of an account deletion: their whole partition goes, and its inbox and unread index
// entries with it.
import type { ErasureSummary } from '../../shared/privacy';
import { queryAll, type Item } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { notificationEntity } from './notification';

const EXPORT = ['type', 'message', 'status', 'created_at', 'article_id'] as const;

const partition = notificationEntity.partition;
const pick = (item: Item) => Object.fromEntries(EXPORT.map((field) => [field, item[field] ?? null]));

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const items = await queryAll({ partition: partition(subject.user_id), fields: EXPORT });
  return { notifications: items.map(pick) };
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const items = await queryAll({ partition: partition(subject.user_id), fields: ['pk', 'sk'] });
  if (items.length) await batchDelete(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  return { notifications: items.length };
}

export const personalData: PersonalData = { context: 'notifications', collect, erase };
