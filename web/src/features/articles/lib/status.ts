// Badge colours of the workflow statuses (labels are STATUS_LABELS in shared/articles).
import type { ArticleStatus } from '../../../../../shared/article-rules';

export const STATUS_COLORS: Record<ArticleStatus, string> = {
  draft: 'gray',
  review: 'yellow',
  published: 'teal',
};
