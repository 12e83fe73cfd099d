// The editorial API over real HTTP: an article's reviews and internal comments, for every caller of
// the permission table (anonymous, a reader, the article's author, another author, an editor, the
// master), bad input refused in pt-BR with nothing stored, newest first, and the cleanup with the article.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft } from '../../shared/api-types';
import type { ArticleReview, InternalComment } from '../../shared/editorial';
import { byCase, CheckedPortal, newsroom, type ApiResponse, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

const MSG = {
  articleNotFound: 'Artigo não encontrado.',
  accessForbidden: 'Você não tem permissão para ver a área editorial deste artigo.',
  reviewForbidden: 'Apenas editores e o Master podem enviar reviews.',
  invalidStatus: 'Status da review inválido. Escolha Aprovado, Alterações solicitadas ou Rejeitado.',
  reviewCommentTooLong: 'Comentário da review muito longo (máximo de 2000 caracteres).',
  reviewCommentInvalid: 'Comentário da review inválido.',
  commentEmpty: 'O comentário não pode ficar vazio.',
  commentTooLong: 'Comentário muito longo (máximo de 2000 caracteres).',
  control: 'O texto contém caracteres inválidos',
  invalidBody: 'Corpo da requisição inválido',
  commentDeleteForbidden: 'Você só pode remover os seus próprios comentários.',
  commentNotFound: 'Comentário não encontrado.',
} as const;

let author: Member;
let otherAuthor: Member;
let editor: Member;
let master: Member;
let reader: Member;

beforeAll(async () => {
  ({ author, otherAuthor, editor, master, reader } = await newsroom(portal, table, 'ed-'));
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function newArticle(who: Member = author): Promise<ArticleDraft> {
  const response = await portal.request('POST', '/api/articles', {
    token: who.token,
    body: {
      title: 'Câmara aprova novo plano de mobilidade',
      slug: `plano-mobilidade-${randomUUID().slice(0, 8)}`,
      summary: 'Plano prevê corredores de ônibus e ciclovias até 2030.',
      content: '<p>A Câmara Municipal aprovou nesta terça-feira o plano de mobilidade urbana para a próxima década.</p>',
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

const reviewsPath = (articleId: string) => `/api/articles/${articleId}/reviews`;
const commentsPath = (articleId: string) => `/api/articles/${articleId}/comments`;

function call(method: string, path: string, who: Member | undefined, body?: unknown): Promise<ApiResponse> {
  return portal.request(method, path, { token: who?.token, body });
}

async function review(who: Member, articleId: string, body: Record<string, unknown>): Promise<ArticleReview> {
  const response = await call('POST', reviewsPath(articleId), who, body);
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleReview;
}

async function comment(who: Member, articleId: string, text: string): Promise<InternalComment> {
  const response = await call('POST', commentsPath(articleId), who, { comment: text });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as InternalComment;
}

async function reviews(articleId: string, who: Member = editor): Promise<ArticleReview[]> {
  const response = await call('GET', reviewsPath(articleId), who);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ArticleReview[];
}

async function comments(articleId: string, who: Member = editor): Promise<InternalComment[]> {
  const response = await call('GET', commentsPath(articleId), who);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as InternalComment[];
}

function expectRefusal(response: ApiResponse, status: number, message: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body.message).toBe(message);
}

type Caller = 'anonymous' | 'reader' | 'author' | 'otherAuthor' | 'editor' | 'master';
const who = (caller: Caller): Member | undefined =>
  ({ anonymous: undefined, reader, author, otherAuthor, editor, master })[caller];

// ---------------------------------------------------------------------------------------------

describe('who sees an article’s reviews and internal comments', () => {
  let article: ArticleDraft;
  beforeAll(async () => {
    article = await newArticle();
  });

  it.each(byCase([
    { case: 'refuses an anonymous caller (401)', caller: 'anonymous' as Caller, status: 401 },
    { case: 'refuses a reader without a role (403)', caller: 'reader' as Caller, status: 403 },
    { case: 'refuses another author (403)', caller: 'otherAuthor' as Caller, status: 403 },
    { case: 'shows them to the article’s author', caller: 'author' as Caller, status: 200 },
    { case: 'shows them to an editor', caller: 'editor' as Caller, status: 200 },
    { case: 'shows them to the master', caller: 'master' as Caller, status: 200 },
  ]))('%s', async (_name, { caller, status }) => {
    for (const path of [reviewsPath(article.id), commentsPath(article.id)]) {
      const response = await call('GET', path, who(caller));
      expect(response.status, `${path}: ${response.text}`).toBe(status);
      if (status === 403) expect(response.body.message).toBe(MSG.accessForbidden);
      if (status === 200) expect(response.body).toEqual([]);
    }
  });

  it('answers 404 in pt-BR for an article that does not exist, or an id that cannot be one', async () => {
    for (const id of [randomUUID(), 'nao-e-um-id', 'x'.repeat(300)]) {
      expectRefusal(await call('GET', reviewsPath(id), editor), 404, MSG.articleNotFound);
      expectRefusal(await call('GET', commentsPath(id), author), 404, MSG.articleNotFound);
      expectRefusal(await call('POST', reviewsPath(id), master, { status: 'approved' }), 404, MSG.articleNotFound);
      expectRefusal(await call('POST', commentsPath(id), editor, { comment: 'Oi' }), 404, MSG.articleNotFound);
      expectRefusal(await call('DELETE', `${commentsPath(id)}/${randomUUID()}`, master), 404, MSG.articleNotFound);
    }
  });
});

describe('reviews', () => {
  let article: ArticleDraft;
  beforeAll(async () => {
    article = await newArticle();
  });

  it.each(byCase([
    { case: 'refuses an anonymous caller', caller: 'anonymous' as Caller, status: 401, message: undefined },
    { case: 'refuses a reader', caller: 'reader' as Caller, status: 403, message: MSG.reviewForbidden },
    { case: 'refuses the article’s own author (not an editor)', caller: 'author' as Caller, status: 403, message: MSG.reviewForbidden },
    { case: 'refuses another author', caller: 'otherAuthor' as Caller, status: 403, message: MSG.reviewForbidden },
  ]))('%s, and stores nothing', async (_name, { caller, status, message }) => {
    const response = await call('POST', reviewsPath(article.id), who(caller), { status: 'approved', comment: 'Pode publicar.' });
    expect(response.status, response.text).toBe(status);
    if (message) expect(response.body.message).toBe(message);
    expect(await reviews(article.id)).toEqual([]);
  });

  it('lets an editor and the master review, newest first, with the reviewer’s name, without changing the article', async () => {
    const first = await review(editor, article.id, { status: 'changes_requested', comment: '  Revise o segundo parágrafo.  ' });
    expect(first).toEqual({
      id: expect.any(String),
      article_id: article.id,
      reviewer_id: editor.id,
      reviewer: { full_name: 'Edu Editor', avatar_url: '' },
      status: 'changes_requested',
      comment: 'Revise o segundo parágrafo.',
      reviewed_at: expect.any(String),
    });
    const second = await review(master, article.id, { status: 'approved' });
    expect(second.comment).toBeNull();
    const third = await review(editor, article.id, { status: 'rejected', comment: '   ' });
    expect(third.comment).toBeNull();

    // The author sees them too, newest first.
    const list = await reviews(article.id, author);
    expect(list.map((entry) => entry.id)).toEqual([third.id, second.id, first.id]);
    expect(list.map((entry) => entry.reviewer.full_name)).toEqual(['Edu Editor', 'Marta Master', 'Edu Editor']);
    expect(list[2]).toEqual(first);

    // A review adds an entry; the article's status and version stay as they were.
    const draft = await call('GET', `/api/articles/${article.id}`, author);
    expect(draft.body).toMatchObject({ status: 'draft', version: article.version });
  });

  it.each(byCase([
    { case: 'refuses a missing status', body: { comment: 'Ok' }, message: MSG.invalidStatus },
    { case: 'refuses a status outside the three', body: { status: 'aprovado' }, message: MSG.invalidStatus },
    { case: 'refuses the article statuses', body: { status: 'published' }, message: MSG.invalidStatus },
    { case: 'refuses a comment over 2000 characters', body: { status: 'approved', comment: 'a'.repeat(2001) }, message: MSG.reviewCommentTooLong },
    { case: 'refuses a comment that is not text', body: { status: 'approved', comment: 42 }, message: MSG.reviewCommentInvalid },
    { case: 'refuses control characters in the comment', body: { status: 'approved', comment: 'Ok\u0007' }, message: MSG.control },
    { case: 'refuses a body that is not an object', body: ['approved'], message: MSG.invalidBody },
  ]))('%s (400 in pt-BR), storing nothing', async (_name, { body, message }) => {
    const fresh = await newArticle();
    expectRefusal(await call('POST', reviewsPath(fresh.id), editor, body), 400, message);
    expect(await reviews(fresh.id)).toEqual([]);
  });

  it('refuses a body that is not JSON (400), never a 500', async () => {
    const response = await portal.request('POST', reviewsPath(article.id), { token: editor.token, rawBody: '{status:' });
    expectRefusal(response, 400, MSG.invalidBody);
  });

  it('keeps a comment of exactly 2000 characters', async () => {
    const fresh = await newArticle();
    expect((await review(master, fresh.id, { status: 'approved', comment: 'b'.repeat(2000) })).comment).toHaveLength(2000);
  });
});

describe('internal comments', () => {
  let article: ArticleDraft;
  beforeAll(async () => {
    article = await newArticle();
  });

  it.each(byCase([
    { case: 'refuses an anonymous caller', caller: 'anonymous' as Caller, status: 401 },
    { case: 'refuses a reader', caller: 'reader' as Caller, status: 403 },
    { case: 'refuses another author', caller: 'otherAuthor' as Caller, status: 403 },
  ]))('%s, and stores nothing', async (_name, { caller, status }) => {
    const fresh = await newArticle();
    const response = await call('POST', commentsPath(fresh.id), who(caller), { comment: 'Posso ajudar?' });
    expect(response.status, response.text).toBe(status);
    if (status === 403) expect(response.body.message).toBe(MSG.accessForbidden);
    expect(await comments(fresh.id)).toEqual([]);
  });

  it('lets the author, an editor and the master comment, trimmed, newest first, with names', async () => {
    const byAuthor = await comment(author, article.id, '  Atualizei os números da prefeitura.\nConfere?  ');
    expect(byAuthor).toEqual({
      id: expect.any(String),
      article_id: article.id,
      user_id: author.id,
      user: { full_name: 'Ana Autora', avatar_url: '' },
      comment: 'Atualizei os números da prefeitura.\nConfere?',
      created_at: expect.any(String),
    });
    const byEditor = await comment(editor, article.id, 'Confere, obrigado.');
    const byMaster = await comment(master, article.id, 'Vamos publicar amanhã.');
    const list = await comments(article.id, author);
    expect(list.map((entry) => entry.id)).toEqual([byMaster.id, byEditor.id, byAuthor.id]);
    expect(list.map((entry) => entry.user.full_name)).toEqual(['Marta Master', 'Edu Editor', 'Ana Autora']);
    expect(new Date(list[0]!.created_at).getTime()).toBeGreaterThanOrEqual(new Date(list[2]!.created_at).getTime());
  });

  it.each(byCase([
    { case: 'refuses an empty comment', body: { comment: '' }, message: MSG.commentEmpty },
    { case: 'refuses a comment of spaces only', body: { comment: '   \n\t ' }, message: MSG.commentEmpty },
    { case: 'refuses a missing comment', body: {}, message: MSG.commentEmpty },
    { case: 'refuses a comment over 2000 characters', body: { comment: 'c'.repeat(2001) }, message: MSG.commentTooLong },
    { case: 'refuses control characters', body: { comment: 'Oi\u0000' }, message: MSG.control },
    { case: 'refuses a body that is not an object', body: 'oi', message: MSG.invalidBody },
  ]))('%s (400 in pt-BR), storing nothing', async (_name, { body, message }) => {
    const fresh = await newArticle();
    expectRefusal(await call('POST', commentsPath(fresh.id), author, body), 400, message);
    expect(await comments(fresh.id)).toEqual([]);
  });
});

describe('removing internal comments', () => {
  let article: ArticleDraft;
  beforeAll(async () => {
    article = await newArticle();
  });

  const remove = (who: Member | undefined, articleId: string, commentId: string) =>
    call('DELETE', `${commentsPath(articleId)}/${commentId}`, who);

  it('lets the author remove their own comment, once', async () => {
    const own = await comment(author, article.id, 'Rascunho de nota interna.');
    expect((await remove(author, article.id, own.id)).status).toBe(204);
    expect((await comments(article.id)).map((entry) => entry.id)).not.toContain(own.id);
    expectRefusal(await remove(author, article.id, own.id), 404, MSG.commentNotFound);
  });

  it('refuses the author removing someone else’s comment (403), keeping it', async () => {
    const byEditor = await comment(editor, article.id, 'Faltou a fonte do dado.');
    expectRefusal(await remove(author, article.id, byEditor.id), 403, MSG.commentDeleteForbidden);
    expect((await comments(article.id)).map((entry) => entry.id)).toContain(byEditor.id);
  });

  it('lets an editor and the master remove anyone’s comment', async () => {
    const first = await comment(author, article.id, 'Primeira nota.');
    const second = await comment(editor, article.id, 'Segunda nota.');
    expect((await remove(editor, article.id, first.id)).status).toBe(204);
    expect((await remove(master, article.id, second.id)).status).toBe(204);
    const left = (await comments(article.id)).map((entry) => entry.id);
    expect(left).not.toContain(first.id);
    expect(left).not.toContain(second.id);
  });

  it('refuses callers who may not edit the article, before saying whether the comment exists', async () => {
    const note = await comment(author, article.id, 'Nota da autora.');
    expect((await remove(undefined, article.id, note.id)).status).toBe(401);
    expectRefusal(await remove(reader, article.id, note.id), 403, MSG.accessForbidden);
    expectRefusal(await remove(otherAuthor, article.id, note.id), 403, MSG.accessForbidden);
    expectRefusal(await remove(otherAuthor, article.id, randomUUID()), 403, MSG.accessForbidden);
    expect((await comments(article.id)).map((entry) => entry.id)).toContain(note.id);
  });

  it('answers 404 for a comment that does not exist, or an id that cannot be one', async () => {
    for (const id of [randomUUID(), 'nao-existe', 'x'.repeat(300)]) {
      expectRefusal(await remove(master, article.id, id), 404, MSG.commentNotFound);
    }
  });

  it('answers 404 for a comment of another article', async () => {
    const elsewhere = await newArticle();
    const note = await comment(author, elsewhere.id, 'Em outro artigo.');
    expectRefusal(await remove(master, article.id, note.id), 404, MSG.commentNotFound);
    expect((await comments(elsewhere.id)).map((entry) => entry.id)).toContain(note.id);
  });
});

describe('deleting the article', () => {
  it('takes its reviews and internal comments along', async () => {
    const article = await newArticle();
    const kept = await review(editor, article.id, { status: 'approved' });
    const note = await comment(author, article.id, 'Vai sair hoje.');
    const reviewKey = { pk: `ARTICLE#${article.id}`, sk: `REVIEW#${kept.id}` };
    const commentKey = { pk: `ARTICLE#${article.id}`, sk: `COMMENT#${note.id}` };
    expect(await table.item(reviewKey)).toMatchObject({ entity: 'article_review', article_author_id: author.id });
    expect(await table.item(commentKey)).toMatchObject({ entity: 'internal_comment', article_author_id: author.id });

    expect((await call('DELETE', `/api/articles/${article.id}`, author)).status).toBe(204);
    expect(await table.item(reviewKey)).toBeUndefined();
    expect(await table.item(commentKey)).toBeUndefined();
    expectRefusal(await call('GET', commentsPath(article.id), author), 404, MSG.articleNotFound);
  });
});
