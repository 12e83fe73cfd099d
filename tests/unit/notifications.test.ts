// Notifications without AWS: what each source event says to whom, the ids that make redeliveries
// harmless, the item's indexes by status, and the events (SeoValidated, NotificationCreated) the
// table's changes imply. Live updates: where each event goes and how $connect reads its token.
import { describe, expect, it } from 'vitest';
import { articleEvents } from '../../lambdas/articles/events';
import { articleChannel, LIVE_PROTOCOL, userChannel } from '../../shared/live';
import type { Notification } from '../../shared/notifications';
import { notificationLink } from '../../web/src/features/notifications/lib/link';
import { liveSourceNamed, LIVE_PATTERN } from '../../lambdas/live/channels';
import { credentialsOf, type SocketEvent } from '../../lambdas/live/socket';
import { notificationEvents } from '../../lambdas/notifications/events';
import { notificationEntity } from '../../lambdas/notifications/notification';
import { SOURCE_PATTERN, sourceNamed } from '../../lambdas/notifications/sources';
import { notificationId } from '../../lambdas/notifications/worker';

const article = { id: '6f1c2a4e-0d7b-4a53-9a4f-3f0f6d1e2b7c', title: 'Chuva forte alaga o centro', author_id: 'autora' };
const say = (name: string, detail: Record<string, unknown>) => sourceNamed(name)!.notify(detail as never, article);
const occurrence = (name: string, detail: Record<string, unknown>) => sourceNamed(name)!.occurrence(detail as never, 'stream-record-1');

describe('notification sources', () => {
  it('tells the author that the article was published', () => {
    expect(say('ArticlePublished', { article_id: article.id, version: 3 })).toEqual({
      user_id: 'autora',
      type: 'PUBLISH_SUCCESS',
      message: 'Seu artigo “Chuva forte alaga o centro” foi publicado.',
    });
  });

  it.each([
    ['valid', 'SEO_OK', 'SEO aprovado para “Chuva forte alaga o centro”'],
    ['warning', 'SEO_OK', 'SEO aprovado com avisos para “Chuva forte alaga o centro”'],
    ['error', 'SEO_ERROR', 'Problemas de SEO em “Chuva forte alaga o centro”'],
  ])('tells the author an SEO result %s as %s, with its errors and warnings', (status, type, message) => {
    const detail = { article_id: article.id, author_id: 'autora', version: 2, validation_status: status, errors: ['Sem imagem de capa'], warnings: ['Nenhum link'], validated_at: 'x' };
    expect(say('SeoValidated', detail)).toEqual({
      user_id: 'autora',
      type,
      message,
      metadata: { errors: ['Sem imagem de capa'], warnings: ['Nenhum link'], validation_status: status, version: 2 },
    });
  });

  it("tells the author of an editor's review with its verdict, not of their own", () => {
    const review = { article_id: article.id, review_id: 'r1', reviewer_id: 'editora', author_id: 'autora', status: 'changes_requested', reviewed_at: 'x' };
    expect(say('ReviewSubmitted', review)).toMatchObject({ user_id: 'autora', type: 'REVIEW', message: 'Nova review em “Chuva forte alaga o centro”: Alterações solicitadas' });
    expect(say('ReviewSubmitted', { ...review, reviewer_id: 'autora' })).toBeUndefined();
  });

  it('tells the author of an internal comment, unless they wrote it', () => {
    const comment = { article_id: article.id, comment_id: 'c1', user_id: 'editora', author_id: 'autora', comment: 'Revisar', created_at: 'x' };
    expect(say('InternalCommentAdded', comment)).toMatchObject({ user_id: 'autora', type: 'COMMENT', message: 'Novo comentário interno em “Chuva forte alaga o centro”' });
    expect(say('InternalCommentAdded', { ...comment, user_id: 'autora' })).toBeUndefined();
  });

  it("tells the author how the AI analysis went, failures only when no attempt is left", () => {
    const entry = { log_id: 'l1', article_id: article.id, author_id: 'autora', article_title: 'Antigo', attempt: 2, executed_at: 'x' };
    expect(say('AnalysisSucceeded', entry)).toEqual({ user_id: 'autora', type: 'AI_SUCCESS', message: 'Análise de IA concluída para “Chuva forte alaga o centro”', metadata: { attempt: 2 } });
    const failed = { ...entry, error: 'Serviço indisponível', final: true, next_attempt_at: null };
    expect(say('AnalysisFailed', failed)).toEqual({
      user_id: 'autora',
      type: 'AI_ERROR',
      message: 'Falha na análise de IA de “Chuva forte alaga o centro”',
      metadata: { errors: ['Serviço indisponível'], attempt: 2 },
    });
    expect(say('AnalysisFailed', { ...failed, final: false, next_attempt_at: 'y' })).toBeUndefined();
    expect(occurrence('AnalysisSucceeded', entry)).not.toBe(occurrence('AnalysisSucceeded', { ...entry, attempt: 3 }));
  });

  it('tells a staff member of the pauta given to them, about no article, not when they took it themselves', () => {
    const assigned = { idea_id: 'p1', title: 'Enchentes no bairro', assigned_to: 'reporter', assigned_by: 'editora', assigned_at: 't1', priority: 'high', deadline: '2026-12-01' };
    const story = sourceNamed('StoryIdeaAssigned')!;
    expect(story.articleId).toBeUndefined();
    expect(story.notify(assigned as never, undefined)).toEqual({
      user_id: 'reporter',
      type: 'STORY_ASSIGNED',
      message: 'Nova pauta para você: “Enchentes no bairro”',
      metadata: { story_idea_id: 'p1', assigned_by: 'editora', priority: 'high', deadline: '2026-12-01' },
    });
    expect(story.notify({ ...assigned, assigned_by: 'reporter' } as never, undefined)).toBeUndefined();
    // Assigned again later (a new assigned_at): a new notification; the same assignment redelivered: the same one.
    expect(occurrence('StoryIdeaAssigned', assigned)).toBe(occurrence('StoryIdeaAssigned', { ...assigned }));
    expect(occurrence('StoryIdeaAssigned', assigned)).not.toBe(occurrence('StoryIdeaAssigned', { ...assigned, assigned_at: 't2' }));
  });

  it('names one occurrence the same on every delivery, so its notification id is the same', () => {
    const published = { article_id: article.id, version: 3 };
    expect(occurrence('ArticlePublished', published)).toBe(occurrence('ArticlePublished', { ...published }));
    expect(occurrence('ArticlePublished', published)).not.toBe(occurrence('ArticlePublished', { ...published, version: 4 }));
    const id = notificationId(occurrence('ArticlePublished', published), 'autora');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(notificationId(occurrence('ArticlePublished', published), 'autora')).toBe(id);
    expect(notificationId(occurrence('ArticlePublished', published), 'outra')).not.toBe(id);
    expect(notificationId(occurrence('SeoValidated', { article_id: article.id, version: 3 }), 'autora')).not.toBe(id);
  });

  it('routes every source event to the notifications pipeline', () => {
    expect(SOURCE_PATTERN['detail-type']).toEqual([
      'ArticlePublished',
      'SeoValidated',
      'ReviewSubmitted',
      'InternalCommentAdded',
      'AnalysisSucceeded',
      'AnalysisFailed',
      'StoryIdeaAssigned',
    ]);
    expect(SOURCE_PATTERN.source.sort()).toEqual(['portal.analysis', 'portal.articles', 'portal.editorial', 'portal.storyboard']);
  });
});

const notification: Notification = {
  id: 'a'.repeat(32),
  user_id: 'autora',
  type: 'PUBLISH_SUCCESS',
  message: 'Seu artigo “X” foi publicado.',
  status: 'unread',
  read_at: null,
  archived_at: null,
  created_at: '2026-01-02T03:04:05.000Z',
  metadata: {},
  article_id: article.id,
};

describe('the notification item', () => {
  it('is in the inbox unless archived, and in the unread index only while unread', () => {
    expect(notificationEntity.toItem(notification)).toMatchObject({
      pk: 'NOTIF#autora',
      sk: `NOTIF#${'a'.repeat(32)}`,
      gsi1pk: 'INBOX#autora',
      gsi1sk: `2026-01-02T03:04:05.000Z#${'a'.repeat(32)}`,
      gsi2pk: 'UNREAD#autora',
    });
    const read = notificationEntity.toItem({ ...notification, status: 'read', read_at: 'x' });
    expect(read).toHaveProperty('gsi1pk');
    expect(read).not.toHaveProperty('gsi2pk');
    const archived = notificationEntity.toItem({ ...notification, status: 'archived', archived_at: 'x' });
    expect(archived).not.toHaveProperty('gsi1pk');
    expect(archived).not.toHaveProperty('gsi2pk');
    expect(notificationEntity.fromItem(notificationEntity.toItem(notification))).toEqual(notification);
  });

  it('is NotificationCreated when inserted, and nothing when it changes', () => {
    const item = notificationEntity.toItem(notification);
    expect(notificationEvents({ eventName: 'INSERT', newImage: item })).toEqual([
      { name: 'NotificationCreated', source: 'portal.notifications', detail: { user_id: 'autora', notification } },
    ]);
    expect(notificationEvents({ eventName: 'MODIFY', oldImage: item, newImage: { ...item, status: 'read' } })).toEqual([]);
  });
});

describe('SeoValidated', () => {
  const item = {
    pk: `ARTICLE#${article.id}`,
    sk: 'SEO#000002',
    entity: 'seo_validation',
    article_id: article.id,
    author_id: 'autora',
    validation_status: 'warning',
    errors: [],
    warnings: ['Nenhum link'],
    validated_at: '2026-01-02T03:04:05.000Z',
    version: 2,
  };

  it('is emitted when a validation of a version is stored', () => {
    expect(articleEvents({ eventName: 'INSERT', newImage: item })).toEqual([
      {
        name: 'SeoValidated',
        source: 'portal.articles',
        detail: { article_id: article.id, author_id: 'autora', version: 2, validation_status: 'warning', errors: [], warnings: ['Nenhum link'], validated_at: item.validated_at },
      },
    ]);
  });

  it('is not emitted for the latest-result item, a change, or an item without its author', () => {
    expect(articleEvents({ eventName: 'INSERT', newImage: { ...item, sk: 'SEO', entity: 'seo_latest' } })).toEqual([]);
    expect(articleEvents({ eventName: 'MODIFY', oldImage: item, newImage: item })).toEqual([]);
    const { author_id: _author, ...older } = item;
    expect(articleEvents({ eventName: 'INSERT', newImage: older })).toEqual([]);
  });
});

describe('live routes', () => {
  it("sends a notification to its user's channel, to that user only", () => {
    expect(liveSourceNamed('NotificationCreated')!.route({ user_id: 'autora', notification } as never)).toEqual({
      channel: userChannel('autora'),
      audience: { kind: 'user', userId: 'autora' },
      detail: { notification },
    });
  });

  it("sends internal comments to the article's channel, to those who may edit it", () => {
    const detail = { article_id: article.id, comment_id: 'c1', user_id: 'editora', author_id: 'autora', comment: 'Revisar', created_at: 'x' };
    for (const name of ['InternalCommentAdded', 'InternalCommentDeleted']) {
      expect(liveSourceNamed(name)!.route(detail as never)).toEqual({ channel: articleChannel(article.id), audience: { kind: 'article-editors', articleId: article.id }, detail });
    }
    expect(LIVE_PATTERN['detail-type']).toEqual(['NotificationCreated', 'InternalCommentAdded', 'InternalCommentDeleted']);
  });
});

describe('$connect credentials', () => {
  const event = (headers: Record<string, string>, query?: Record<string, string>) => ({ headers, queryStringParameters: query, requestContext: {} }) as unknown as SocketEvent;

  it('takes the token offered beside the portal subprotocol, whatever the header case', () => {
    expect(credentialsOf(event({ 'Sec-WebSocket-Protocol': `${LIVE_PROTOCOL}, eyJ.a.b` }))).toEqual({ token: 'eyJ.a.b', protocol: true });
    expect(credentialsOf(event({ 'sec-websocket-protocol': `${LIVE_PROTOCOL},eyJ.a.b` }))).toEqual({ token: 'eyJ.a.b', protocol: true });
  });

  it('takes the token from the query when no subprotocol carries one, and none from nowhere', () => {
    expect(credentialsOf(event({}, { token: 'eyJ.c.d' }))).toEqual({ token: 'eyJ.c.d', protocol: false });
    expect(credentialsOf(event({ 'Sec-WebSocket-Protocol': LIVE_PROTOCOL }))).toEqual({ token: undefined, protocol: true });
    expect(credentialsOf(event({}))).toEqual({ token: undefined, protocol: false });
  });
});

describe('where a notification leads', () => {
  it('a review to the reviews on its article’s edit page, other article notifications to the editor, a pauta to the board', () => {
    expect(notificationLink({ type: 'REVIEW', article_id: article.id })).toBe(`/article/${article.id}/edit#reviews`);
    expect(notificationLink({ type: 'COMMENT', article_id: article.id })).toBe(`/article/${article.id}/edit`);
    expect(notificationLink({ type: 'STORY_ASSIGNED', article_id: null })).toBe('/storyboard');
    expect(notificationLink({ type: 'LOAD_ERROR', article_id: null })).toBeNull();
  });
});
