// Tag management (the editor's 'Gerenciar tags'): every tag in use, renamed or merged into another,
// or removed from its articles.
import { z } from 'zod';
import { ARTICLE_LIMITS, normalizeTags } from './article-rules';
import { plainText } from './text-fields';

export const TAG_MESSAGES = {
  forbidden: 'Apenas editores e o Master podem gerenciar tags.',
  notFound: 'Tag não encontrada.',
  sameName: 'Escolha um nome diferente do atual.',
} as const;

export const tagRenameSchema = z.object({
  to: plainText({ min: 1, tooShort: 'Informe o novo nome da tag', max: ARTICLE_LIMITS.tagMax, tooLong: 'Tag muito longa' }).transform(
    (value) => normalizeTags([value])[0] ?? '',
  ),
});

export interface TagCount {
  tag: string;
  /** Articles carrying it, in any status. */
  count: number;
}

/** One call changes at most this many articles; `remaining` says when the caller should repeat it. */
export interface TagChange {
  changed: number;
  remaining: boolean;
}
