// An article's internal comments, live: comments pushed over the tab's WebSocket (lambdas/live, the
// article's channel, for those who may edit it) are merged into the editorial feature's cached list
// (editorialKeys.comments), and removed ones taken out. Mount it where the comments are shown.
import type { InternalComment } from '../../../../../shared/editorial';
import type { LiveEvent, LivePerson } from '../../../../../shared/live';
import { useQueryClient } from '@tanstack/react-query';
import { editorialKeys } from '../../editorial/api/keys';
import { useLiveComments } from '../../editorial/hooks/useInternalComments';
import { LIVE_RESYNC } from '../../../lib/live';
import { useLiveArticle } from '../../../lib/useLive';

interface PushedComment {
  article_id: string;
  comment_id: string;
  user_id: string;
  comment: string;
  created_at: string;
  people?: Record<string, LivePerson>;
}

/** The comment as GET /api/articles/{id}/comments lists it, from the pushed InternalCommentAdded. */
export function pushedComment(detail: PushedComment): InternalComment {
  return {
    id: detail.comment_id,
    article_id: detail.article_id,
    user_id: detail.user_id,
    user: detail.people?.[detail.user_id] ?? { full_name: '', avatar_url: '' },
    comment: detail.comment,
    created_at: detail.created_at,
  };
}

export function useLiveInternalComments(articleId: string | undefined): void {
  const comments = useLiveComments(articleId ?? '');
  const queryClient = useQueryClient();
  useLiveArticle(articleId, (event: LiveEvent) => {
    // Back after a drop: comments added or removed meanwhile are read from the API.
    if (event.name === LIVE_RESYNC && articleId) void queryClient.invalidateQueries({ queryKey: editorialKeys.comments(articleId) });
    const detail = event.detail as unknown as PushedComment;
    if (detail.article_id !== articleId) return;
    if (event.name === 'InternalCommentAdded') comments.merge(pushedComment(detail));
    if (event.name === 'InternalCommentDeleted') comments.remove(detail.comment_id);
  });
}
