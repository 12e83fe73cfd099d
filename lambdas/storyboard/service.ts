// The storyboard's use cases (Pautas): authors, editors and masters list the pautas newest first with
// the count of every tab, create them, move them between statuses (any to any, by the selector) and
// give them to a staff member; a pauta may remember the draft article written from it (forgotten on the
// board once that article is deleted: read with the names, in the same BatchGet). Anyone else
// gets a 403, whatever the route. Assigning is an item change: its event tells the assignee.
import {
  STORY_LIMITS,
  STORY_MESSAGES as MESSAGES,
  storyCity,
  type StaffMember,
  type StoryIdea,
  type StoryIdeaCreate,
  type StoryIdeaList,
  type StoryIdeaUpdate,
  type StoryStatus,
} from '../../shared/storyboard';
import { can } from '../../shared/roles';
import { articleHeadline, articleLinks, mayEditArticle } from '../articles/public';
import { batchRead } from '../platform/dynamo-batch';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { isUuid, timeOrderedId } from '../platform/ids';
import { authorProfiles, readerAccess, staffMembers } from '../users/public';
import type { StoryRecord } from './items';
import * as store from './store';

const isStaff = async (userId: string) => can((await readerAccess(userId)).roles, 'storyboard.access');

async function requireStaff(userId: string): Promise<void> {
  if (!(await isStaff(userId))) throw forbidden(MESSAGES.forbidden);
}

/** An assignee must be an author, editor or master (an unknown id has no role: the same answer). */
async function requireAssignee(userId: string | null): Promise<void> {
  if (userId && !(await isStaff(userId))) throw badRequest(MESSAGES.assigneeNotStaff, 'assigned_to');
}

/** The pauta, or a 404 (an id that cannot be one is not read: it would make an oversized key). */
async function find(id: string): Promise<StoryRecord> {
  const found = isUuid(id) ? await store.getStory(id) : undefined;
  if (!found) throw notFound(MESSAGES.notFound);
  return found;
}

/** The pautas as the board shows them, with the names of their assignees and authors and whether their drafts still exist (one BatchGet). */
async function views(records: StoryRecord[]): Promise<StoryIdea[]> {
  const people = [...new Set(records.flatMap((record) => [record.created_by, ...(record.assigned_to ? [record.assigned_to] : [])]))];
  const drafts = records.flatMap((record) => (record.article_id ? [record.article_id] : []));
  const { profiles, articles } = await batchRead({ profiles: authorProfiles(people), articles: articleLinks(drafts) });
  const name = (userId: string | null) => (userId && profiles.get(userId)?.full_name) || null;
  return records.map((record) => ({
    id: record.id,
    title: record.title,
    description: record.description,
    priority: record.priority,
    status: record.status,
    assigned_to: record.assigned_to,
    assignee_name: name(record.assigned_to),
    deadline: record.deadline,
    city_code: record.city_code,
    city: storyCity(record.city_code),
    tags: record.tags,
    created_by: record.created_by,
    created_by_name: name(record.created_by),
    created_at: record.created_at,
    updated_at: record.updated_at,
    // A deleted draft is no draft to open.
    article_id: record.article_id && articles(record.article_id) ? record.article_id : null,
  }));
}

const view = async (record: StoryRecord): Promise<StoryIdea> => (await views([record]))[0]!;

/** GET /api/storyboard/ideas?status=&cursor= */
export async function list(userId: string, status: StoryStatus | undefined, cursor: string | undefined): Promise<StoryIdeaList> {
  await requireStaff(userId);
  const [page, counts] = await Promise.all([store.listStories(status, STORY_LIMITS.pageSize, cursor), store.countStories()]);
  return { items: await views(page.records), counts, next_cursor: page.cursor ?? null };
}

/** POST /api/storyboard/ideas: an idea, or an assigned pauta when it names its assignee. */
export async function create(userId: string, input: StoryIdeaCreate, now = new Date()): Promise<StoryIdea> {
  await requireStaff(userId);
  await requireAssignee(input.assigned_to);
  const at = now.toISOString();
  const record: StoryRecord = {
    ...input,
    id: timeOrderedId(now.getTime()),
    status: input.assigned_to ? 'assigned' : 'idea',
    assigned_by: input.assigned_to ? userId : null,
    assigned_at: input.assigned_to ? at : null,
    created_by: userId,
    created_at: at,
    updated_at: at,
    article_id: null,
  };
  await store.insertStory(record);
  return view(record);
}

/** PATCH /api/storyboard/ideas/{id}: the selector's status and/or a new assignee. */
export async function update(userId: string, id: string, change: StoryIdeaUpdate, now = new Date()): Promise<StoryIdea> {
  await requireStaff(userId);
  const current = await find(id);
  const next: store.StoryChange = {};
  if (change.assigned_to !== undefined && change.assigned_to !== current.assigned_to) {
    await requireAssignee(change.assigned_to);
    const assignee = change.assigned_to;
    Object.assign(next, { assigned_to: assignee, assigned_by: assignee ? userId : null, assigned_at: assignee ? now.toISOString() : null });
    // Given to someone, an idea is assigned; taken back, an assigned pauta is an idea again (unless the selector says otherwise).
    if (change.status === undefined && assignee && current.status === 'idea') next.status = 'assigned';
    if (change.status === undefined && !assignee && current.status === 'assigned') next.status = 'idea';
  }
  if (change.status !== undefined && change.status !== current.status) next.status = change.status;
  if (!Object.keys(next).length) return view(current);
  const updated = await store.updateStory(id, next, now.toISOString());
  if (!updated) throw notFound(MESSAGES.notFound);
  return view(updated);
}

/** PUT /api/storyboard/ideas/{id}/article: the draft written from the pauta (one the caller may edit). */
export async function linkArticle(userId: string, id: string, articleId: string, now = new Date()): Promise<StoryIdea> {
  await requireStaff(userId);
  await find(id);
  if (!(await articleHeadline(articleId))) throw badRequest(MESSAGES.articleNotFound, 'article_id');
  if (!(await mayEditArticle(userId, articleId))) throw forbidden(MESSAGES.articleForbidden);
  const updated = await store.updateStory(id, { article_id: articleId }, now.toISOString());
  if (!updated) throw notFound(MESSAGES.notFound);
  return view(updated);
}

/** GET /api/storyboard/staff: who a pauta may be assigned to. */
export async function staff(userId: string): Promise<StaffMember[]> {
  await requireStaff(userId);
  return staffMembers();
}
