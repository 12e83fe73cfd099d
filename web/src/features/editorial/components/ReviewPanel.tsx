// Edit only, for editors and the master (spec sections 2, 6): submit a review (approved, changes
// requested, rejected; an optional comment) and read the article's reviews, newest first. A review
// never changes the article's status.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, ScrollArea, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import {
  EDITORIAL_LIMITS,
  EDITORIAL_MESSAGES,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  reviewCreateSchema,
  type ArticleReview,
  type ReviewStatus,
} from '../../../../../shared/editorial';
import { RetryAlert } from '../../../components/RetryAlert';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage } from '../api/errors';
import { useReviews, useSubmitReview } from '../hooks/useReviews';
import { PersonLine } from './PersonLine';

export const REVIEW_STATUS_COLORS: Record<ReviewStatus, string> = {
  approved: 'teal',
  changes_requested: 'yellow',
  rejected: 'red',
};

const STATUS_OPTIONS = REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_LABELS[value] }));
const isReviewStatus = (value: string | null): value is ReviewStatus => (REVIEW_STATUSES as readonly (string | null)[]).includes(value);

function ReviewItem({ review }: { review: ArticleReview }) {
  return (
    <Stack component="li" gap={4}>
      <PersonLine
        person={review.reviewer}
        at={review.reviewed_at}
        asideWraps
        aside={
          <Badge color={REVIEW_STATUS_COLORS[review.status]} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
            {REVIEW_STATUS_LABELS[review.status]}
          </Badge>
        }
      />
      {review.comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.comment}
        </Text>
      )}
    </Stack>
  );
}

/** The article's reviews, newest first: under the panel's form, or alone (read-only) for the article's author. */
export function ReviewList({ articleId }: { articleId: string }) {
  const reviews = useReviews(articleId);
  if (reviews.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando reviews">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  }
  if (reviews.isError) {
    return <RetryAlert compact message={EDITORIAL_MESSAGES.reviewsLoadError} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />;
  }
  if (reviews.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma review ainda.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars="present">
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews do artigo">
        {reviews.data.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

export function ReviewPanel({ articleId }: { articleId: string }) {
  const [status, setStatus] = useState<ReviewStatus | null>(null);
  const [comment, setComment] = useState('');
  const submit = useSubmitReview(articleId);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = reviewCreateSchema.safeParse({ status, comment });
    if (!parsed.success) {
      notifyError('Erro de validação', parsed.error.issues[0]?.message ?? EDITORIAL_MESSAGES.reviewError);
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: () => {
        setStatus(null);
        setComment('');
        notifySuccess(EDITORIAL_MESSAGES.reviewSent);
      },
      onError: (error) => notifyError('Erro', failureMessage(error, EDITORIAL_MESSAGES.reviewError)),
    });
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconClipboardCheck size={18} aria-hidden />
        <Title order={2} size="h5" id="review-panel-title">
          Revisão editorial
        </Title>
      </Group>
      <form noValidate onSubmit={send} aria-labelledby="review-panel-title">
        <Stack gap="sm">
          <Select
            label="Status da review"
            placeholder="Escolha o status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => setStatus(isReviewStatus(value) ? value : null)}
            allowDeselect={false}
            required
            disabled={submit.isPending}
          />
          <Textarea
            label="Comentário (opcional)"
            placeholder="O que precisa mudar, ou por que está aprovado"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={EDITORIAL_LIMITS.reviewCommentMax}
            disabled={submit.isPending}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending} disabled={!status}>
              Enviar review
            </Button>
          </Group>
        </Stack>
      </form>
      <ReviewList articleId={articleId} />
    </Stack>
  );
}
