// Edit only: the editorial review panel (editors and the master), the reviews read-only for the article's
// author (what an editor asked them to change), and the internal comments (whoever may edit the article),
// below the article form (never inside it: each panel is a form of its own). A review's notification
// links to #reviews, which scrolls here.
import { useEffect, useRef } from 'react';
import { Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useLocation } from 'react-router-dom';
import { can, type Role } from '../../../../../shared/roles';
import { useLiveInternalComments } from '../../live/hooks/useLiveInternalComments';
import { InternalComments } from './InternalComments';
import { REVIEWS_ANCHOR } from '../lib/anchors';
import { ReviewList, ReviewPanel } from './ReviewPanel';

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
  const reviews = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${REVIEWS_ANCHOR}`) reviews.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper ref={reviews} id={REVIEWS_ANCHOR} withBorder radius="md" p="lg" component="section" aria-label={canReview ? 'Revisão editorial' : 'Reviews'}>
        {canReview ? (
          <ReviewPanel articleId={articleId} />
        ) : (
          <>
            <Group gap="xs" mb="md">
              <IconClipboardCheck size={18} aria-hidden />
              <Title order={2} size="h5">
                Reviews
              </Title>
            </Group>
            <ReviewList articleId={articleId} />
          </>
        )}
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Comentários internos">
        <InternalComments articleId={articleId} userId={userId} canDeleteAny={can(roles, 'article.edit-any')} />
      </Paper>
    </SimpleGrid>
  );
}
