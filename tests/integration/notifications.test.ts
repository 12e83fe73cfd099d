// Notifications over real HTTP and the real pipeline: publishing an article tells its author (and
// how its SEO went), reviews and internal comments tell the author, each user reads, marks and
// archives only their own, and a redelivered event never doubles a notification.
import '../support/in-process-handlers';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft } from '../../shared/api-types';
import { NOTIFICATION_MESSAGES, type Notification, type NotificationList } from '../../shared/notifications';
import { notificationEntity } from '../../lambdas/notifications/notification';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
let worker: Worker;
let author: Member;
let editor: Member;
let reader: Member;

beforeAll(async () => {
  // The worker runs in this process too, against the runtime's table, for the redelivery checks.
  worker = (await import('../../lambdas/notifications/worker')).handler;
  [author, editor, reader] = await Promise.all([
    member(portal, table, 'autora-notif', 'Nara Notificada', { roles: ['author'] }),
    member(portal, table, 'editor-notif', 'Elias Editor', { roles: ['editor'] }),
    member(portal, table, 'leitor-notif', 'Lia Leitora'),
  ]);
});

async function published(title: string): Promise<ArticleDraft> {
  const body = { title, slug: `notif-${randomUUID().slice(0, 8)}`, summary: 'Resumo curto da matéria de teste.', content: `<p>${'Texto da matéria de teste. '.repeat(3)}</p>`, tags: [] };
  const created = await portal.request('POST', '/api/articles', { token: author.token, body });
  expect(created.status, created.text).toBe(201);
  const draft = created.body as unknown as ArticleDraft;
  const done = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { status: 'published', base_version: draft.version } });
  expect(done.status, done.text).toBe(200);
  return done.body as unknown as ArticleDraft;
}

async function list(who: Member): Promise<NotificationList> {
  const response = await portal.request('GET', '/api/notifications', { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as NotificationList;
}

/** The user's notifications about an article, once there are at least `count` of them. */
function about(who: Member, articleId: string, count: number): Promise<Notification[]> {
  return eventually(async () => {
    const mine = (await list(who)).notifications.filter((notification) => notification.article_id === articleId);
    return mine.length >= count ? mine : undefined;
  });
}

const post = (who: Member, path: string) => portal.request('POST', path, { token: who.token });

describe('notifications from the pipeline', () => {
  it('tells the author that the article was published and how its SEO went', async () => {
    const title = 'Feira de ciências reúne escolas do bairro';
    const article = await published(title);
    const notifications = await about(author, article.id, 2);
    const publication = notifications.find((notification) => notification.type === 'PUBLISH_SUCCESS');
    expect(publication).toMatchObject({
      user_id: author.id,
      message: `Seu artigo “${title}” foi publicado.`,
      status: 'unread',
      read_at: null,
      archived_at: null,
      article_id: article.id,
    });
    expect(publication!.id).toMatch(/^[0-9a-f]{32}$/);
    // A short text without a cover breaks the SEO rules: the author hears what to fix.
    const [validation] = await table.seoValidations(article.id);
    const seo = notifications.find((notification) => notification.type === 'SEO_ERROR' || notification.type === 'SEO_OK')!;
    expect(seo.type).toBe(validation!.validation_status === 'error' ? 'SEO_ERROR' : 'SEO_OK');
    expect(seo.message).toBe(`Problemas de SEO em “${title}”`);
    expect(seo.metadata).toMatchObject({ errors: validation!.errors, warnings: validation!.warnings });
    expect((seo.metadata.errors as string[]).length).toBeGreaterThan(0);
    // Nobody else hears of it.
    expect((await list(editor)).notifications.filter((notification) => notification.article_id === article.id)).toEqual([]);
  });

  it("tells the author of an editor's review and internal comment, not of their own comment", async () => {
    const title = 'Obras da ponte entram na fase final';
    const article = await published(title);
    await about(author, article.id, 2);
    const review = await portal.request('POST', `/api/articles/${article.id}/reviews`, { token: editor.token, body: { status: 'approved', comment: 'Ótimo texto.' } });
    expect(review.status, review.text).toBe(201);
    const comment = await portal.request('POST', `/api/articles/${article.id}/comments`, { token: editor.token, body: { comment: 'Conferir a data da inauguração.' } });
    expect(comment.status, comment.text).toBe(201);
    const own = await portal.request('POST', `/api/articles/${article.id}/comments`, { token: author.token, body: { comment: 'Conferido.' } });
    expect(own.status, own.text).toBe(201);
    const notifications = await about(author, article.id, 4);
    expect(notifications.find((notification) => notification.type === 'REVIEW')).toMatchObject({
      message: `Nova review em “${title}”: Aprovado`,
      metadata: { status: 'approved', reviewer_id: editor.id, comment: 'Ótimo texto.' },
    });
    expect(notifications.find((notification) => notification.type === 'COMMENT')).toMatchObject({ message: `Novo comentário interno em “${title}”` });
    // The proof that the author's own comment went through: the editor's next one, written after it
    // (the stream is read in order), is heard, and the queues are then empty.
    const next = await portal.request('POST', `/api/articles/${article.id}/comments`, { token: editor.token, body: { comment: 'Data conferida, pode seguir.' } });
    expect(next.status, next.text).toBe(201);
    await about(author, article.id, 5);
    await pipelinesDrained(ports, ['notifications']);
    expect((await about(author, article.id, 5)).filter((notification) => notification.type === 'COMMENT')).toHaveLength(2);
  });
});

describe('the notification center', () => {
  it('answers only signed-in callers', async () => {
    const id = '0'.repeat(32);
    for (const [method, path] of [['GET', '/api/notifications'], ['POST', '/api/notifications/read-all'], ['POST', `/api/notifications/${id}/read`], ['POST', `/api/notifications/${id}/archive`]] as const) {
      expect((await portal.request(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("marks one as read for its owner only; another user's is a 404", async () => {
    const article = await published('Biblioteca municipal amplia horário');
    // Both of its notifications (publication and SEO) are in before counting, so none lands in between.
    const notification = (await about(author, article.id, 2)).find((entry) => entry.type === 'PUBLISH_SUCCESS');
    const before = (await list(author)).unread_count;
    for (const path of [`/api/notifications/${notification!.id}/read`, `/api/notifications/${notification!.id}/archive`]) {
      const refused = await post(editor, path);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(NOTIFICATION_MESSAGES.notFound);
    }
    expect((await post(author, `/api/notifications/${'f'.repeat(32)}/read`)).status).toBe(404);
    expect((await post(author, '/api/notifications/nao-e-um-id/read')).status).toBe(404);

    const read = await post(author, `/api/notifications/${notification!.id}/read`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id: notification!.id, status: 'read' });
    expect(Date.parse(read.body.read_at as string)).not.toBeNaN();
    // Reading it again changes nothing.
    expect((await post(author, `/api/notifications/${notification!.id}/read`)).body).toEqual(read.body);
    const after = await list(author);
    expect(after.unread_count).toBe(before - 1);
    expect(after.notifications.find((entry) => entry.id === notification!.id)).toMatchObject({ status: 'read' });
  });

  it("marks all of the caller's unread ones as read, and nobody else's", async () => {
    const article = await published('Festival de inverno anuncia atrações');
    await about(author, article.id, 2);
    const editorsBefore = (await list(editor)).unread_count;
    const readerResult = await post(reader, '/api/notifications/read-all');
    expect(readerResult.body).toEqual({ updated: 0 });
    const result = await post(author, '/api/notifications/read-all');
    expect(result.status, result.text).toBe(200);
    expect(result.body.updated as number).toBeGreaterThanOrEqual(2);
    const after = await list(author);
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((notification) => notification.status === 'read' && notification.read_at)).toBe(true);
    expect((await list(editor)).unread_count).toBe(editorsBefore);
  });

  it('archives one of its owner: it leaves the list and the unread count', async () => {
    const article = await published('Campanha do agasalho começa segunda');
    const notifications = await about(author, article.id, 2);
    const target = notifications.find((notification) => notification.status === 'unread')!;
    const before = await list(author);
    const archived = await post(author, `/api/notifications/${target.id}/archive`);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body).toMatchObject({ id: target.id, status: 'archived' });
    expect(Date.parse(archived.body.archived_at as string)).not.toBeNaN();
    expect((await post(author, `/api/notifications/${target.id}/archive`)).status).toBe(200);
    const after = await list(author);
    expect(after.notifications.map((notification) => notification.id)).not.toContain(target.id);
    expect(after.unread_count).toBe(before.unread_count - 1);
  });

  it('lists the newest 50, newest first, and counts every unread one', async () => {
    const someone = await member(portal, table, 'muitas-notif', 'Muitas Notificações');
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    for (let index = 0; index < 55; index += 1) {
      const notification: Notification = {
        id: index.toString(16).padStart(32, '0'),
        user_id: someone.id,
        type: 'LOAD_ERROR',
        message: `Falha ${index}`,
        status: 'unread',
        read_at: null,
        archived_at: null,
        created_at: new Date(start + index * 1000).toISOString(),
        metadata: {},
        article_id: null,
      };
      await client.send(new PutCommand({ TableName: 'portal', Item: notificationEntity.toItem(notification) }));
    }
    const result = await list(someone);
    expect(result.unread_count).toBe(55);
    expect(result.notifications).toHaveLength(50);
    expect(result.notifications[0]!.message).toBe('Falha 54');
    expect(result.notifications[49]!.message).toBe('Falha 5');
  });
});

describe('the notifications worker', () => {
  const context = { functionName: 'notifications', awsRequestId: 'local', getRemainingTimeInMillis: () => 10_000 } as Context;
  const record = (body: unknown): SQSRecord => ({ messageId: randomUUID(), body: JSON.stringify(body) }) as SQSRecord;

  it('writes one notification however many times the same event is delivered', async () => {
    const article = await published('Mutirão limpa as margens do rio');
    await about(author, article.id, 2);
    // The very event the pipeline delivered, delivered again: alone, twice in a batch, and once more.
    const event = {
      id: randomUUID(),
      'detail-type': 'ArticlePublished',
      source: 'portal.articles',
      detail: { article_id: article.id, slug: article.slug, location_path: null, author_id: author.id, version: article.version, published_at: article.published_at },
    };
    expect(await worker({ Records: [record(event)] }, context)).toEqual({ batchItemFailures: [] });
    // The worker ran here, in this process, and has finished writing when it answers: nothing to wait for.
    expect(await worker({ Records: [record(event), record(event)] }, context)).toEqual({ batchItemFailures: [] });
    const notifications = (await list(author)).notifications.filter((notification) => notification.article_id === article.id);
    expect(notifications.filter((notification) => notification.type === 'PUBLISH_SUCCESS')).toHaveLength(1);
  });

  it('fails only the message it cannot read (it ends in the DLQ after its receives)', async () => {
    const good = record({ 'detail-type': 'ArticlePublished', source: 'portal.articles', detail: { article_id: randomUUID(), slug: 'x', location_path: null, author_id: 'x', version: 1, published_at: 'x' } });
    const poison = record({ 'detail-type': 'ArticlePublished', detail: { article_id: 42 } });
    const unknown = record({ 'detail-type': 'SomethingElse', detail: {} });
    const result = await worker({ Records: [good, poison, unknown] }, context);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: poison.messageId }, { itemIdentifier: unknown.messageId }]);
  });
});
