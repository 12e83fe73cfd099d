// Pautas over real HTTP and the real pipeline: only authors, editors and masters use the board (401
// signed out, 403 for readers), the new-idea rules with their pt-BR messages, tabs newest first with
// their counts, any status to any other, assignees among the staff only, the assignee's notification,
// and the draft article remembered on its pauta.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft } from '../../shared/api-types';
import type { NotificationList } from '../../shared/notifications';
import { STORY_MESSAGES, STORY_STATUSES, type StaffMember, type StoryCounts, type StoryIdea, type StoryIdeaList, type StoryStatus } from '../../shared/storyboard';
import { eventually } from '../support/api';
import { byCase, CheckedPortal, member, type Member } from '../support/cast';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

let author: Member;
let editor: Member;
let master: Member;
let reader: Member;

beforeAll(async () => {
  [author, editor, master, reader] = await Promise.all([
    member(portal, table, 'autora-pauta', 'Paula Pauteira', { roles: ['author'] }),
    member(portal, table, 'editor-pauta', 'Edson Pauteiro', { roles: ['editor'] }),
    member(portal, table, 'master-pauta', 'Marta Pauteira', { roles: ['master'] }),
    member(portal, table, 'leitor-pauta', 'Leo Leitor'),
  ]);
});

const IDEAS = '/api/storyboard/ideas';
const unique = (title: string) => `${title} ${randomUUID().slice(0, 6)}`;

async function create(who: Member, body: Record<string, unknown>): Promise<StoryIdea> {
  const response = await portal.request('POST', IDEAS, { token: who.token, body: { description: 'Apurar com as fontes de sempre.', ...body } });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as StoryIdea;
}

async function change(who: Member, id: string, body: Record<string, unknown>) {
  return portal.request('PATCH', `${IDEAS}/${id}`, { token: who.token, body });
}

async function list(who: Member, status?: StoryStatus): Promise<StoryIdeaList> {
  const response = await portal.request('GET', status ? `${IDEAS}?status=${status}` : IDEAS, { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as StoryIdeaList;
}

const counts = async (): Promise<StoryCounts> => (await list(author)).counts;

async function notifications(who: Member): Promise<NotificationList> {
  const response = await portal.request('GET', '/api/notifications', { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as NotificationList;
}

const aboutIdea = async (who: Member, ideaId: string) =>
  (await notifications(who)).notifications.filter((notification) => notification.metadata.story_idea_id === ideaId);

describe('who uses the board', () => {
  it('answers signed-out callers 401 and readers 403 on every route', async () => {
    const idea = await create(author, { title: unique('Pauta de acesso') });
    const routes = [
      ['GET', IDEAS, undefined],
      ['POST', IDEAS, { title: 'x', description: 'y' }],
      ['PATCH', `${IDEAS}/${idea.id}`, { status: 'completed' }],
      ['PUT', `${IDEAS}/${idea.id}/article`, { article_id: randomUUID() }],
      ['GET', '/api/storyboard/staff', undefined],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await portal.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const refused = await portal.request(method, path, { token: reader.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(STORY_MESSAGES.forbidden);
    }
    // Nothing a reader sent was written.
    expect((await list(author)).items.find((each) => each.id === idea.id)?.status).toBe('idea');
  });

  it('lets authors, editors and masters list, create, change and see the staff', async () => {
    for (const who of [author, editor, master]) {
      const idea = await create(who, { title: unique('Pauta da equipe') });
      expect(idea.created_by).toBe(who.id);
      expect(idea.created_by_name).toBe(who.fullName);
      expect((await list(who)).items.some((each) => each.id === idea.id)).toBe(true);
      const moved = await change(who, idea.id, { status: 'in_progress' });
      expect(moved.status, moved.text).toBe(200);
      expect((await portal.request('GET', '/api/storyboard/staff', { token: who.token })).status).toBe(200);
    }
  });
});

describe('a new pauta', () => {
  it('splits tags on commas and trims them, defaults to medium and keeps empty optional fields null', async () => {
    const title = unique('Buracos na Avenida Central');
    const idea = await create(author, { title: `  ${title}  `, tags: ' asfalto, prefeitura ,, trânsito , asfalto', assigned_to: '', deadline: '', city_code: '' });
    expect(idea).toMatchObject({
      title,
      description: 'Apurar com as fontes de sempre.',
      priority: 'medium',
      status: 'idea',
      tags: ['asfalto', 'prefeitura', 'trânsito'],
      assigned_to: null,
      assignee_name: null,
      deadline: null,
      city_code: null,
      city: null,
      article_id: null,
    });
    expect(idea.id).toMatch(/^[0-9a-f-]{36}$/);
    const absent = await create(author, { title: unique('Sem campos opcionais'), priority: 'urgent' });
    expect(absent).toMatchObject({ priority: 'urgent', tags: [], assigned_to: null, deadline: null, city_code: null });
  });

  it('keeps a deadline, a city and an assignee; given to someone, it starts as assigned', async () => {
    const idea = await create(editor, { title: unique('Vacinação nas escolas'), priority: 'high', deadline: '2030-03-15', city_code: '3509502', assigned_to: author.id, tags: ['saúde, escolas'] });
    expect(idea).toMatchObject({
      priority: 'high',
      deadline: '2030-03-15',
      city_code: '3509502',
      city: 'Campinas (SP)',
      assigned_to: author.id,
      assignee_name: author.fullName,
      status: 'assigned',
      tags: ['saúde', 'escolas'],
    });
  });

  it.each(
    byCase([
      { case: 'no title', body: { description: 'Algo' }, message: STORY_MESSAGES.title, field: 'title' },
      { case: 'a blank title', body: { title: '   ', description: 'Algo' }, message: STORY_MESSAGES.title, field: 'title' },
      { case: 'no description', body: { title: 'Algo' }, message: STORY_MESSAGES.description, field: 'description' },
      { case: 'a blank description', body: { title: 'Algo', description: ' ' }, message: STORY_MESSAGES.description, field: 'description' },
      { case: 'a title too long', body: { title: 'x'.repeat(201), description: 'Algo' }, message: STORY_MESSAGES.titleTooLong, field: 'title' },
      { case: 'an unknown priority', body: { title: 'Algo', description: 'Algo', priority: 'maxima' }, message: STORY_MESSAGES.priority, field: 'priority' },
      { case: 'a date that does not exist', body: { title: 'Algo', description: 'Algo', deadline: '2030-02-30' }, message: STORY_MESSAGES.deadline, field: 'deadline' },
      { case: 'a deadline that is no date', body: { title: 'Algo', description: 'Algo', deadline: 'amanhã' }, message: STORY_MESSAGES.deadline, field: 'deadline' },
      { case: 'a city that is not one', body: { title: 'Algo', description: 'Algo', city_code: '9999999' }, message: STORY_MESSAGES.city, field: 'city_code' },
      { case: 'too many tags', body: { title: 'Algo', description: 'Algo', tags: 'a,b,c,d,e,f,g,h,i,j,k' }, message: STORY_MESSAGES.tooManyTags, field: 'tags' },
      { case: 'tags that are no text', body: { title: 'Algo', description: 'Algo', tags: 3 }, message: STORY_MESSAGES.tags, field: 'tags' },
      { case: 'a malformed assignee', body: { title: 'Algo', description: 'Algo', assigned_to: 'USER#x y' }, message: STORY_MESSAGES.assignee, field: 'assigned_to' },
      { case: 'a reader as assignee', body: { title: 'Algo', description: 'Algo', assigned_to: 'READER' }, message: STORY_MESSAGES.assigneeNotStaff, field: 'assigned_to' },
      { case: 'an unknown assignee', body: { title: 'Algo', description: 'Algo', assigned_to: randomUUID() }, message: STORY_MESSAGES.assigneeNotStaff, field: 'assigned_to' },
    ]),
  )('refuses %s with a 400 and its message', async (_case, { body, message, field }) => {
    const sent = body.assigned_to === 'READER' ? { ...body, assigned_to: reader.id } : body;
    const before = (await counts()).all;
    const response = await portal.request('POST', IDEAS, { token: author.token, body: sent });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toEqual({ message, field });
    expect((await counts()).all).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    const response = await portal.request('POST', IDEAS, { token: author.token, rawBody: '[1,2]' });
    expect(response.status).toBe(400);
  });
});

describe('the tabs', () => {
  it('lists every pauta newest first, and each status on its own', async () => {
    const first = await create(author, { title: unique('Primeira') });
    const second = await create(editor, { title: unique('Segunda') });
    const all = (await list(master)).items.map((idea) => idea.id);
    expect(all.indexOf(second.id)).toBeLessThan(all.indexOf(first.id));
    expect(all.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    await change(author, first.id, { status: 'completed' });
    const completed = await list(author, 'completed');
    expect(completed.items.every((idea) => idea.status === 'completed')).toBe(true);
    expect(completed.items.map((idea) => idea.id)).toContain(first.id);
    expect((await list(author, 'idea')).items.map((idea) => idea.id)).not.toContain(first.id);
    const createdAt = completed.items.map((idea) => idea.created_at);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
  });

  it('counts every tab, and the counts follow each change', async () => {
    const before = await counts();
    expect(before.all).toBe(STORY_STATUSES.reduce((total, status) => total + before[status], 0));
    const idea = await create(author, { title: unique('Contagem') });
    const delta = async (expected: Partial<StoryCounts>) => {
      const now = await counts();
      for (const key of ['all', ...STORY_STATUSES] as const) expect(now[key] - before[key], key).toBe(expected[key] ?? 0);
    };
    await delta({ all: 1, idea: 1 });
    await change(author, idea.id, { assigned_to: editor.id });
    await delta({ all: 1, assigned: 1 });
    await change(author, idea.id, { status: 'in_progress' });
    await delta({ all: 1, in_progress: 1 });
    await change(author, idea.id, { status: 'completed' });
    await delta({ all: 1, completed: 1 });
    await change(author, idea.id, { status: 'cancelled' });
    await delta({ all: 1, cancelled: 1 });
  });

  it('pages with a cursor that resumes only its own query', async () => {
    const page = await list(author);
    expect(page.items.length).toBeLessThanOrEqual(30);
    const bad = await portal.request('GET', `${IDEAS}?cursor=abc`, { token: author.token });
    expect(bad.status).toBe(400);
    expect((await portal.request('GET', `${IDEAS}?status=done`, { token: author.token })).body).toMatchObject({ message: STORY_MESSAGES.status, field: 'status' });
  });
});

describe('changing a pauta', () => {
  it('moves any status to any other by the selector', async () => {
    const idea = await create(author, { title: unique('Qualquer status') });
    const path: StoryStatus[] = ['completed', 'idea', 'cancelled', 'in_progress', 'assigned', 'completed', 'cancelled', 'idea'];
    for (const status of path) {
      const moved = await change(editor, idea.id, { status });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body).toMatchObject({ id: idea.id, status });
      expect((await list(author, status)).items.map((each) => each.id)).toContain(idea.id);
    }
  });

  it('refuses what is not a change, and a pauta that does not exist', async () => {
    const idea = await create(author, { title: unique('Recusas') });
    expect((await change(author, idea.id, {})).body).toEqual({ message: STORY_MESSAGES.nothingToChange });
    expect((await change(author, idea.id, { status: 'publicada' })).body).toEqual({ message: STORY_MESSAGES.status, field: 'status' });
    for (const id of [randomUUID(), 'nao-e-um-id']) {
      const missing = await change(author, id, { status: 'completed' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(STORY_MESSAGES.notFound);
    }
  });

  it('assigns only to staff; assigning an idea makes it assigned, taking it back makes it an idea again', async () => {
    const idea = await create(author, { title: unique('Atribuição') });
    const refused = await change(author, idea.id, { assigned_to: reader.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: STORY_MESSAGES.assigneeNotStaff, field: 'assigned_to' });
    const given = await change(author, idea.id, { assigned_to: master.id });
    expect(given.body).toMatchObject({ status: 'assigned', assigned_to: master.id, assignee_name: master.fullName });
    const taken = await change(author, idea.id, { assigned_to: null });
    expect(taken.body).toMatchObject({ status: 'idea', assigned_to: null, assignee_name: null });
    // The selector decides when it says something in the same change.
    const both = await change(author, idea.id, { assigned_to: editor.id, status: 'in_progress' });
    expect(both.body).toMatchObject({ status: 'in_progress', assigned_to: editor.id });
    // A pauta in progress keeps its status when it changes hands.
    expect((await change(author, idea.id, { assigned_to: master.id })).body).toMatchObject({ status: 'in_progress', assigned_to: master.id });
  });

  it('lists the staff a pauta may be given to, never a reader', async () => {
    const response = await portal.request('GET', '/api/storyboard/staff', { token: author.token });
    const staff = response.body as unknown as StaffMember[];
    expect(staff).toEqual(expect.arrayContaining([
      { id: author.id, full_name: author.fullName, roles: ['author'] },
      { id: editor.id, full_name: editor.fullName, roles: ['editor'] },
      { id: master.id, full_name: master.fullName, roles: ['master'] },
    ]));
    expect(staff.map((each) => each.id)).not.toContain(reader.id);
    const names = staff.map((each) => each.full_name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'pt-BR'))).toEqual(names);
  });

  it('tells two people of the same name apart by their e-mails (given for them only)', async () => {
    const [first, second] = await Promise.all([
      member(portal, table, 'homonima-a', 'Helena Homônima', { roles: ['author'] }),
      member(portal, table, 'homonima-b', 'Helena Homônima', { roles: ['editor'] }),
    ]);
    const staff = (await portal.request('GET', '/api/storyboard/staff', { token: author.token })).body as unknown as StaffMember[];
    expect(staff.filter((each) => each.full_name === 'Helena Homônima')).toEqual(
      expect.arrayContaining([
        { id: first.id, full_name: 'Helena Homônima', roles: ['author'], email: first.email },
        { id: second.id, full_name: 'Helena Homônima', roles: ['editor'], email: second.email },
      ]),
    );
    expect(staff.find((each) => each.id === author.id)).not.toHaveProperty('email');
  });
});

describe('the assignee', () => {
  it('is notified of a pauta given on creation and of one given later, once each', async () => {
    const title = unique('Seca no sertão');
    const idea = await create(author, { title, assigned_to: editor.id, priority: 'urgent', deadline: '2030-01-10' });
    const [notice] = await eventually(async () => {
      const found = await aboutIdea(editor, idea.id);
      return found.length ? found : undefined;
    });
    expect(notice).toMatchObject({
      user_id: editor.id,
      type: 'STORY_ASSIGNED',
      message: `Nova pauta para você: “${title}”`,
      status: 'unread',
      article_id: null,
      metadata: { story_idea_id: idea.id, assigned_by: author.id, priority: 'urgent', deadline: '2030-01-10' },
    });

    const later = await create(author, { title: unique('Coleta seletiva') });
    await change(author, later.id, { status: 'in_progress' });
    await change(author, later.id, { assigned_to: master.id });
    await eventually(async () => ((await aboutIdea(master, later.id)).length ? true : undefined));
    // A status change says nothing more; nobody else heard of it.
    await change(author, later.id, { status: 'completed' });
    // The proof that the status change went through: a reassignment written after it (the stream is
    // read in order) reaches the editor, and the queues are then empty.
    expect((await change(author, later.id, { assigned_to: editor.id })).status).toBe(200);
    await eventually(async () => ((await aboutIdea(editor, later.id)).length ? true : undefined));
    await pipelinesDrained(ports, ['notifications']);
    expect(await aboutIdea(master, later.id)).toHaveLength(1);
    expect(await aboutIdea(editor, later.id)).toHaveLength(1);
    expect(await aboutIdea(editor, idea.id)).toHaveLength(1);
  });

  it('is not notified of a pauta they took themselves', async () => {
    const own = await create(author, { title: unique('Minha pauta'), assigned_to: author.id });
    const given = await create(editor, { title: unique('Pauta dada'), assigned_to: author.id });
    // The second one arrives: by then the first would have too.
    await eventually(async () => ((await aboutIdea(author, given.id)).length ? true : undefined));
    expect(own.status).toBe('assigned');
    expect(await aboutIdea(author, own.id)).toHaveLength(0);
  });
});

describe('the draft article of a pauta', () => {
  async function draftBy(who: Member): Promise<ArticleDraft> {
    const body = { title: 'Rascunho da pauta', slug: `pauta-${randomUUID().slice(0, 8)}`, summary: 'Resumo da matéria nascida da pauta.', content: `<p>${'Texto em apuração. '.repeat(4)}</p>` };
    const response = await portal.request('POST', '/api/articles', { token: who.token, body });
    expect(response.status, response.text).toBe(201);
    return response.body as unknown as ArticleDraft;
  }

  it('is remembered on the pauta when its writer may edit it', async () => {
    const idea = await create(author, { title: unique('Vira matéria') });
    const article = await draftBy(author);
    const linked = await portal.request('PUT', `${IDEAS}/${idea.id}/article`, { token: author.token, body: { article_id: article.id } });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body).toMatchObject({ id: idea.id, article_id: article.id });
    expect((await list(author)).items.find((each) => each.id === idea.id)?.article_id).toBe(article.id);
    // An editor may edit any article, so may link it too.
    expect((await portal.request('PUT', `${IDEAS}/${idea.id}/article`, { token: editor.token, body: { article_id: article.id } })).status).toBe(200);
  });

  it('is forgotten on the board once the draft is deleted (no more "Abrir rascunho")', async () => {
    const idea = await create(author, { title: unique('Rascunho apagado') });
    const article = await draftBy(author);
    expect((await portal.request('PUT', `${IDEAS}/${idea.id}/article`, { token: author.token, body: { article_id: article.id } })).status).toBe(200);
    expect((await portal.request('DELETE', `/api/articles/${article.id}`, { token: author.token })).status).toBe(204);
    expect((await list(author)).items.find((each) => each.id === idea.id)?.article_id).toBeNull();
  });

  it("refuses another author's draft, an article that does not exist and an id that is none", async () => {
    const idea = await create(author, { title: unique('Rascunho alheio') });
    const other = await member(portal, table, 'outra-autora', 'Olga Outra', { roles: ['author'] });
    const article = await draftBy(other);
    const foreign = await portal.request('PUT', `${IDEAS}/${idea.id}/article`, { token: author.token, body: { article_id: article.id } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(STORY_MESSAGES.articleForbidden);
    const missing = await portal.request('PUT', `${IDEAS}/${idea.id}/article`, { token: author.token, body: { article_id: randomUUID() } });
    expect(missing.body).toEqual({ message: STORY_MESSAGES.articleNotFound, field: 'article_id' });
    const malformed = await portal.request('PUT', `${IDEAS}/${idea.id}/article`, { token: author.token, body: { article_id: 'abc' } });
    expect(malformed.body).toEqual({ message: STORY_MESSAGES.article, field: 'article_id' });
    const noIdea = await portal.request('PUT', `${IDEAS}/${randomUUID()}/article`, { token: author.token, body: { article_id: article.id } });
    expect(noIdea.status).toBe(404);
    expect((await list(author)).items.find((each) => each.id === idea.id)?.article_id).toBeNull();
  });
});
