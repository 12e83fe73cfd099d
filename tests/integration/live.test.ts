// Live updates over the local WebSocket API (the same handlers as API Gateway's, the real pipeline and
// the @connections stand-in reached by the real SDK client): $connect admits only a valid access
// token, only who may edit an article follows it, two followers both get a new internal comment
// within a second, the author's own tab gets their notifications, and nobody gets what is not theirs.
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ArticleDraft } from '../../shared/api-types';
import { LIVE_MESSAGES, LIVE_PROTOCOL, userChannel, type LiveMessage } from '../../shared/live';
import { DELETION_CONFIRMATION } from '../../shared/privacy';
import { connectionEntity, membershipEntity } from '../../lambdas/live/connections';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { totpCode } from '../support/totp';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;

let author: Member;
let editor: Member;
let reader: Member;
const open: WebSocket[] = [];

beforeAll(async () => {
  [author, editor, reader] = await Promise.all([
    member(portal, table, 'autora-live', 'Ana Ao Vivo', { roles: ['author'] }),
    member(portal, table, 'editor-live', 'Ênio Ao Vivo', { roles: ['editor'] }),
    member(portal, table, 'leitor-live', 'Léo Leitor'),
  ]);
});
afterAll(() => open.forEach((socket) => socket.terminate()));

/** A socket that keeps every message it receives, with when it arrived. */
interface Client {
  socket: WebSocket;
  received: { message: LiveMessage; at: number }[];
  next(test: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<{ message: LiveMessage; at: number }>;
}

function connect(options: { protocols?: string[]; query?: string } = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsUrl}${options.query ?? ''}`, options.protocols ?? []);
    open.push(socket);
    const received: Client['received'] = [];
    socket.on('message', (data) => received.push({ message: JSON.parse(data.toString()) as LiveMessage, at: Date.now() }));
    const next: Client['next'] = async (test, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((entry) => test(entry.message));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(received.map((entry) => entry.message))}`);
        await new Promise((wait) => setTimeout(wait, 20));
      }
    };
    socket.once('open', () => resolve({ socket, received, next }));
    socket.once('unexpected-response', (_request, response) => reject(Object.assign(new Error('refused'), { status: response.statusCode })));
    socket.once('error', reject);
  });
}

const connectAs = (who: Member) => connect({ protocols: [LIVE_PROTOCOL, who.token] });
const refusal = (attempt: Promise<Client>) => attempt.then(() => 'accepted', (error: { status?: number }) => error.status);

async function subscribe(client: Client, articleId: string): Promise<LiveMessage> {
  client.socket.send(JSON.stringify({ action: 'subscribe', article_id: articleId }));
  return (await client.next((message) => (message.type === 'subscribed' || message.type === 'error') && message.article_id === articleId)).message;
}

async function draft(): Promise<ArticleDraft> {
  const body = { title: 'Câmara vota plano de mobilidade urbana', slug: `live-${randomUUID().slice(0, 8)}`, summary: 'Projeto prevê novas ciclovias e corredores de ônibus.', content: `<p>${'Texto da matéria ao vivo. '.repeat(3)}</p>`, tags: [] };
  const response = await portal.request('POST', '/api/articles', { token: author.token, body });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

describe('$connect', () => {
  it('refuses a handshake without a valid access token', async () => {
    expect(await refusal(connect())).toBe(401);
    expect(await refusal(connect({ protocols: [LIVE_PROTOCOL, 'a.b.c'] }))).toBe(401);
    expect(await refusal(connect({ query: '?token=nao-e-um-token' }))).toBe(401);
    // A refresh token is not an access token.
    const session = await portal.signIn(author.email, undefined, () => totpCode(author.totpSecret!));
    expect(await refusal(connect({ protocols: [LIVE_PROTOCOL, session.refreshToken.replace(/[^\w.-]/g, '')] }))).toBe(401);
  });

  it('refuses the still valid token of an account whose deletion was asked', async () => {
    const leaving = await member(portal, table, 'ao-vivo-saindo', 'Pessoa de Saída');
    const asked = await portal.request('POST', '/api/privacy/deletion', { token: leaving.token, body: { password: 'Senha123', confirmation: DELETION_CONFIRMATION } });
    expect(asked.status).toBe(202);
    expect(await refusal(connectAs(leaving))).toBe(401);
  });

  it('admits an access token offered as a subprotocol (answering the portal protocol) or in the query', async () => {
    const viaProtocol = await connectAs(author);
    expect(viaProtocol.socket.protocol).toBe(LIVE_PROTOCOL);
    const viaQuery = await connect({ query: `?token=${encodeURIComponent(reader.token)}` });
    expect(viaQuery.socket.protocol).toBe('');
    viaProtocol.socket.send(JSON.stringify({ action: 'ping' }));
    expect((await viaProtocol.next((message) => message.type === 'pong')).message).toEqual({ type: 'pong' });
    viaQuery.socket.send('não é JSON');
    expect((await viaQuery.next((message) => message.type === 'error')).message).toEqual({ type: 'error', message: LIVE_MESSAGES.invalidMessage });
  });
});

describe('subscribe', () => {
  it('lets only those who may edit the article follow it', async () => {
    const article = await draft();
    const other = await member(portal, table, 'outra-autora-live', 'Outra Autora', { roles: ['author'] });
    const refused = { type: 'error', message: LIVE_MESSAGES.subscribeForbidden, article_id: article.id };
    expect(await subscribe(await connectAs(reader), article.id)).toEqual(refused);
    expect(await subscribe(await connectAs(other), article.id)).toEqual(refused);
    expect(await subscribe(await connectAs(author), article.id)).toEqual({ type: 'subscribed', article_id: article.id });
    expect(await subscribe(await connectAs(editor), article.id)).toEqual({ type: 'subscribed', article_id: article.id });
    const client = await connectAs(author);
    client.socket.send(JSON.stringify({ action: 'subscribe', article_id: 'nao-e-um-id' }));
    expect((await client.next((message) => message.type === 'error')).message).toEqual({ type: 'error', message: LIVE_MESSAGES.invalidMessage });
  });

  it('pushes a new internal comment to both followers within a second, and to no one else', async () => {
    const article = await draft();
    const [authorTab, editorTab, readerTab] = await Promise.all([connectAs(author), connectAs(editor), connectAs(reader)]);
    await subscribe(authorTab, article.id);
    await subscribe(editorTab, article.id);
    await subscribe(readerTab, article.id);
    const comment = await portal.request('POST', `/api/articles/${article.id}/comments`, { token: editor.token, body: { comment: 'Falta ouvir a secretaria de transportes.' } });
    expect(comment.status, comment.text).toBe(201);
    const answered = Date.now();
    const isComment = (message: LiveMessage) => message.type === 'event' && message.name === 'InternalCommentAdded';
    for (const tab of [authorTab, editorTab]) {
      const { message, at } = await tab.next(isComment, 5_000);
      expect(at - answered).toBeLessThan(1_000);
      expect(message).toMatchObject({ channel: `article#${article.id}`, detail: {
          article_id: article.id,
          comment_id: comment.body.id,
          user_id: editor.id,
          comment: 'Falta ouvir a secretaria de transportes.',
          // The writer as the comments list shows them.
          people: { [editor.id]: { full_name: editor.fullName, avatar_url: '' } },
        },
      });
    }
    await pushesDone(readerTab);
    expect(readerTab.received.filter((entry) => isComment(entry.message))).toEqual([]);

    const removed = await portal.request('DELETE', `/api/articles/${article.id}/comments/${String(comment.body.id)}`, { token: editor.token });
    expect(removed.status, removed.text).toBe(204);
    const { message } = await authorTab.next((candidate) => candidate.type === 'event' && candidate.name === 'InternalCommentDeleted');
    expect(message).toMatchObject({ detail: { comment_id: comment.body.id } });
  });
});

describe('notifications, live', () => {
  it("pushes the author's new notification to the author's tabs only", async () => {
    const article = await draft();
    const [authorTab, editorTab] = await Promise.all([connectAs(author), connectAs(editor)]);
    const published = await portal.request('PUT', `/api/articles/${article.id}`, { token: editor.token, body: { status: 'published', base_version: article.version } });
    expect(published.status, published.text).toBe(200);
    const isPublication = (message: LiveMessage) =>
      message.type === 'event' && message.name === 'NotificationCreated' && (message.detail.notification as { article_id: string; type: string }).article_id === article.id && (message.detail.notification as { type: string }).type === 'PUBLISH_SUCCESS';
    const { message } = await authorTab.next(isPublication);
    expect(message).toMatchObject({ channel: userChannel(author.id), detail: { notification: { user_id: author.id, status: 'unread' } } });
    await pushesDone(editorTab);
    expect(editorTab.received.filter((entry) => isPublication(entry.message))).toEqual([]);
  });
});

/**
 * Resolves once anything the fan-out could have pushed to this tab has arrived: its queue is empty
 * (every push of the events already seen has been sent), and an answer asked of the socket after
 * that comes back behind whatever was sent to it before.
 */
async function pushesDone(tab: Client): Promise<void> {
  await pipelinesDrained(ports, ['live-fanout']);
  const probe = randomUUID();
  tab.socket.send(JSON.stringify({ action: 'unsubscribe', article_id: probe }));
  await tab.next((message) => message.type === 'unsubscribed' && message.article_id === probe);
}

describe('connections', () => {
  it('forgets a connection and its channels on disconnect, and one the @connections API says is gone', async () => {
    const items = table.client;
    const read = async (key: { pk: string; sk: string }) => (await items.send(new GetCommand({ TableName: 'portal', Key: key, ConsistentRead: true }))).Item;
    const until = (check: () => Promise<boolean>) => eventually(async () => ((await check()) ? true : undefined));

    // A tab that follows an article and closes: its connection and both its channels are forgotten.
    const followed = await draft();
    const tab = await connectAs(editor);
    await subscribe(tab, followed.id);
    const members = await items.send(
      new QueryCommand({ TableName: 'portal', IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :channel', ExpressionAttributeValues: { ':channel': membershipEntity.channelPartition(`article#${followed.id}`) } }),
    );
    const connectionId = String(members.Items?.[0]?.connection_id);
    expect(await read(connectionEntity.key(connectionId))).toMatchObject({ user_id: editor.id });
    tab.socket.close();
    await until(async () => !(await read(connectionEntity.key(connectionId))));
    expect(await read(connectionEntity.key(connectionId))).toBeUndefined();
    expect(await read(membershipEntity.key(connectionId, `article#${followed.id}`))).toBeUndefined();
    expect(await read(membershipEntity.key(connectionId, userChannel(editor.id)))).toBeUndefined();

    // A connection API Gateway no longer knows (its $disconnect never ran): the next post finds it gone (410).
    const ghost = `${randomUUID().slice(0, 15)}=`;
    const connectedAt = new Date();
    await items.send(new PutCommand({ TableName: 'portal', Item: connectionEntity.toItem(ghost, author.id, connectedAt) }));
    await items.send(new PutCommand({ TableName: 'portal', Item: membershipEntity.toItem({ connection_id: ghost, user_id: author.id }, userChannel(author.id), connectedAt) }));
    const gone = await fetch(`http://127.0.0.1:${ports.gateway + 9}/@connections/${encodeURIComponent(ghost)}`, { method: 'POST', body: '{}' });
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-amzn-errortype')).toBe('GoneException');
    const article = await draft();
    await portal.request('PUT', `/api/articles/${article.id}`, { token: editor.token, body: { status: 'published', base_version: article.version } });
    await until(async () => !(await read(connectionEntity.key(ghost))));
    expect(await read(connectionEntity.key(ghost))).toBeUndefined();
    expect(await read(membershipEntity.key(ghost, userChannel(author.id)))).toBeUndefined();
  });
});
