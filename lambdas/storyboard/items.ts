// A pauta (story idea) and its item. It lives in its own partition (STORY#<id>); gsi1 lists every
// pauta newest first, gsi2 those of one status (the board's tabs, and their counts). No AWS SDK here:
// the event mapper (read by the CDK app through the contract) uses it.
import type { StoryPriority, StoryStatus } from '../../shared/storyboard';
import { STORY_PRIORITIES, STORY_STATUSES } from '../../shared/storyboard';
import type { Item, Key } from '../platform/dynamo';

export interface StoryRecord {
  id: string;
  title: string;
  description: string;
  priority: StoryPriority;
  status: StoryStatus;
  assigned_to: string | null;
  /** Who gave the pauta to its assignee, and when (a new assignment is a new occurrence: one notification each). */
  assigned_by: string | null;
  assigned_at: string | null;
  deadline: string | null;
  city_code: string | null;
  tags: string[];
  created_by: string;
  created_at: string;
  updated_at: string;
  article_id: string | null;
}

export const ENTITY = 'story_idea';
export const ALL_INDEX_PK = 'STORIES';
export const statusIndexPk = (status: StoryStatus) => `STORIES#${status}`;

export const storyKey = (id: string): Key => ({ pk: `STORY#${id}`, sk: 'STORY' });
export const sortKey = (record: Pick<StoryRecord, 'created_at' | 'id'>) => `${record.created_at}#${record.id}`;

export function storyItem(record: StoryRecord): Item {
  return {
    ...storyKey(record.id),
    entity: ENTITY,
    gsi1pk: ALL_INDEX_PK,
    gsi1sk: sortKey(record),
    gsi2pk: statusIndexPk(record.status),
    gsi2sk: sortKey(record),
    ...record,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

export function fromItem(item: Item): StoryRecord {
  return {
    id: text(item.id),
    title: text(item.title),
    description: text(item.description),
    priority: oneOf(STORY_PRIORITIES, item.priority, 'medium'),
    status: oneOf(STORY_STATUSES, item.status, 'idea'),
    assigned_to: textOrNull(item.assigned_to),
    assigned_by: textOrNull(item.assigned_by),
    assigned_at: textOrNull(item.assigned_at),
    deadline: textOrNull(item.deadline),
    city_code: textOrNull(item.city_code),
    tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
    created_by: text(item.created_by),
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
    article_id: textOrNull(item.article_id),
  };
}
