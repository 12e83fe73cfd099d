// What the quality context holds about a person (the counters their score is computed from) for Meus
// dados, and its part of an account deletion: their whole partition goes, the score and the markers
// of the events it counted.
import type { ErasureSummary } from '../../shared/privacy';
import { getItem, queryAll } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { countersOf, qualityKey, score } from './score';

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const item = await getItem(qualityKey(subject.user_id), true);
  if (!item) return { quality: null };
  const counters = countersOf(item);
  return { quality: { ...counters, score: score(counters) } };
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const items = await queryAll({ partition: qualityKey(subject.user_id).pk, fields: ['pk', 'sk'] });
  if (items.length) await batchDelete(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  return { quality_items: items.length };
}

export const personalData: PersonalData = { context: 'quality', collect, erase };
