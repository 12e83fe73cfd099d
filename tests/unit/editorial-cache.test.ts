// The editorial panels' cached lists: a comment merged once and newest first, whether it comes from
// one's own write or is pushed live; removed by id; the query keys the live updates write under.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ArticleReview, InternalComment } from '../../shared/editorial';
import { commentAdded, commentRemoved, mergeComment, mergeReview, withoutComment } from '../../web/src/features/editorial/api/cache';
import { editorialKeys } from '../../web/src/features/editorial/api/keys';
import { failureMessage } from '../../web/src/features/editorial/api/errors';
import { ApiRequestError } from '../../web/src/lib/api';

const comment = (id: string, created_at: string, text = 'Oi'): InternalComment => ({
  id,
  article_id: 'a1',
  user_id: 'u1',
  user: { full_name: 'Ana', avatar_url: '' },
  comment: text,
  created_at,
});

describe('merging comments', () => {
  const older = comment('c1', '2026-11-01T10:00:00.000Z');
  const newer = comment('c2', '2026-11-01T11:00:00.000Z');

  it('puts a new comment in its place, newest first', () => {
    expect(mergeComment([older], newer).map((entry) => entry.id)).toEqual(['c2', 'c1']);
    // A live push of an older comment arriving late still lands below the newer one.
    expect(mergeComment([newer], older).map((entry) => entry.id)).toEqual(['c2', 'c1']);
    expect(mergeComment(undefined, older)).toEqual([older]);
  });

  it('keeps one entry per id (the write’s answer and its live echo)', () => {
    const edited = { ...older, comment: 'Outro texto' };
    expect(mergeComment([newer, older], edited)).toEqual([newer, edited]);
  });

  it('removes by id', () => {
    expect(withoutComment([newer, older], 'c2')).toEqual([older]);
    expect(withoutComment(undefined, 'c2')).toEqual([]);
  });

  it('orders reviews newest first too', () => {
    const review = (id: string, reviewed_at: string) => ({ id, reviewed_at }) as ArticleReview;
    expect(mergeReview([review('r1', '2026-01-01T00:00:00.000Z')], review('r2', '2026-02-01T00:00:00.000Z')).map((entry) => entry.id)).toEqual([
      'r2',
      'r1',
    ]);
  });
});

describe('the comments cache entry', () => {
  it('is keyed by article under editorial, and updated in place for live pushes', () => {
    expect(editorialKeys.comments('a1')).toEqual(['editorial', 'comments', 'a1']);
    const client = new QueryClient();
    commentAdded(client, comment('c1', '2026-11-01T10:00:00.000Z'));
    // Never loaded: nothing is invented; the first fetch brings it.
    expect(client.getQueryData(editorialKeys.comments('a1'))).toBeUndefined();
    client.setQueryData(editorialKeys.comments('a1'), [] as InternalComment[]);
    commentAdded(client, comment('c1', '2026-11-01T10:00:00.000Z'));
    commentAdded(client, comment('c2', '2026-11-01T10:01:00.000Z'));
    expect(client.getQueryData<InternalComment[]>(editorialKeys.comments('a1'))?.map((entry) => entry.id)).toEqual(['c2', 'c1']);
    commentRemoved(client, 'a1', 'c2');
    expect(client.getQueryData<InternalComment[]>(editorialKeys.comments('a1'))?.map((entry) => entry.id)).toEqual(['c1']);
  });
});

describe('the failure toasts', () => {
  it('say the spec’s message, with the server’s pt-BR reason for a 4xx', () => {
    expect(failureMessage(new ApiRequestError('Comentário não encontrado.', 404), 'Não foi possível remover o comentário.')).toBe(
      'Não foi possível remover o comentário. Comentário não encontrado.',
    );
    expect(failureMessage(new ApiRequestError('Erro interno.', 500), 'Não foi possível enviar a review.')).toBe('Não foi possível enviar a review.');
    expect(failureMessage(new Error('x'), 'Não foi possível adicionar o comentário.')).toBe('Não foi possível adicionar o comentário.');
  });
});
