// Edit only: the editorial review panel (editors and the master) and the internal comments (whoever
// may edit the article), below the article form (never inside it: each panel is a form of its own).
import { Paper, SimpleGrid } from '@mantine/core';
import { can, type Role } from '../../../../../shared/roles';
import { useLiveInternalComments } from '../../live/hooks/useLiveInternalComments';
import { InternalComments } from './InternalComments';
import { ReviewPanel } from './ReviewPanel';

interface EditorialPanelsProps {
  articleId: string;
  /** The signed-in user's id and roles (GET /api/me). */
  userId: string | undefined;
  roles: readonly Role[];
}

export function EditorialPanels({ articleId, userId, roles }: EditorialPanelsProps) {
  const canReview = can(roles, 'article.review');
  // Comments others add or remove appear without a reload (lambdas/live).
  useLiveInternalComments(articleId);
  return (
    <SimpleGrid cols={{ base: 1, md: canReview ? 2 : 1 }} spacing="lg">
      {canReview && (
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Revisão editorial">
          <ReviewPanel articleId={articleId} />
        </Paper>
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Comentários internos">
        <InternalComments articleId={articleId} userId={userId} canDeleteAny={can(roles, 'article.edit-any')} />
      </Paper>
    </SimpleGrid>
  );
}
