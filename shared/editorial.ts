// The editorial side of an article (spec sections 2, 3, 5, 8): reviews by editors and internal
// comments of the newsroom. The zod schemas the API enforces (lambdas/editorial), the pt-BR texts and
// labels the web shows, and the shapes of the answers.
import { z } from 'zod';
import { plainText } from './text-fields';

export const REVIEW_STATUSES = ['approved', 'changes_requested', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  approved: 'Aprovado',
  changes_requested: 'Alterações solicitadas',
  rejected: 'Rejeitado',
};

export const EDITORIAL_LIMITS = {
  reviewCommentMax: 2000,
  commentMax: 2000,
  /** The newest this many of each list are answered (a review or a comment is a person's act: few per article). */
  listMax: 200,
} as const;

export const EDITORIAL_MESSAGES = {
  // Toasts of the edit page (spec section 8).
  reviewError: 'Não foi possível enviar a review.',
  commentAddError: 'Não foi possível adicionar o comentário.',
  commentRemoveError: 'Não foi possível remover o comentário.',
  reviewsLoadError: 'Não foi possível carregar as reviews.',
  commentsLoadError: 'Não foi possível carregar os comentários.',
  reviewSent: 'Review enviada.',
  commentAdded: 'Comentário adicionado.',
  commentRemoved: 'Comentário removido.',
  // The API's refusals.
  invalidStatus: 'Status da review inválido. Escolha Aprovado, Alterações solicitadas ou Rejeitado.',
  reviewCommentInvalid: 'Comentário da review inválido.',
  reviewCommentTooLong: `Comentário da review muito longo (máximo de ${EDITORIAL_LIMITS.reviewCommentMax} caracteres).`,
  commentEmpty: 'O comentário não pode ficar vazio.',
  commentTooLong: `Comentário muito longo (máximo de ${EDITORIAL_LIMITS.commentMax} caracteres).`,
  accessForbidden: 'Você não tem permissão para ver a área editorial deste artigo.',
  reviewForbidden: 'Apenas editores e o Master podem enviar reviews.',
  commentDeleteForbidden: 'Você só pode remover os seus próprios comentários.',
  commentNotFound: 'Comentário não encontrado.',
} as const;

/** POST /api/articles/{id}/reviews. A review adds an entry; it never changes the article's status. */
export const reviewCreateSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: EDITORIAL_MESSAGES.invalidStatus }),
  /** Optional: '' (after trimming), null or absent all mean none. */
  comment: plainText({
    max: EDITORIAL_LIMITS.reviewCommentMax,
    tooLong: EDITORIAL_MESSAGES.reviewCommentTooLong,
    tooShort: EDITORIAL_MESSAGES.reviewCommentInvalid,
  }).nullish(),
});
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

/** POST /api/articles/{id}/comments: not empty after trimming. */
export const commentCreateSchema = z.object({
  comment: plainText({
    min: 1,
    tooShort: EDITORIAL_MESSAGES.commentEmpty,
    max: EDITORIAL_LIMITS.commentMax,
    tooLong: EDITORIAL_MESSAGES.commentTooLong,
  }),
});
export type CommentCreateInput = z.input<typeof commentCreateSchema>;

/** Who wrote a review or a comment ('Autor Anônimo' when the profile is gone). */
export interface PersonRef {
  full_name: string;
  avatar_url: string;
}

/** GET and POST /api/articles/{id}/reviews (the list newest first). */
export interface ArticleReview {
  id: string;
  article_id: string;
  reviewer_id: string;
  reviewer: PersonRef;
  status: ReviewStatus;
  comment: string | null;
  reviewed_at: string;
}

/** GET and POST /api/articles/{id}/comments (the list newest first). */
export interface InternalComment {
  id: string;
  article_id: string;
  user_id: string;
  user: PersonRef;
  comment: string;
  created_at: string;
}
