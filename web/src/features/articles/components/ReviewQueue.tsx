// The editors' queue on the dashboard: articles sent to review by any author, longest waiting first.
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { VISIBILITY_LABELS } from '../../../../../shared/article-rules';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatDate } from '../../../lib/format';
import { fetchReviewQueue } from '../api/articles';
import { articleKeys } from '../api/keys';
import { editArticlePath } from '../lib/paths';

export function ReviewQueue() {
  const queue = useQuery({
    queryKey: articleKeys.inReview(),
    queryFn: ({ signal }) => fetchReviewQueue(signal),
  });
  const articles = queue.data?.articles ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="review-queue-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="review-queue-title">
          Aguardando revisão
        </Title>
        {queue.data && <Badge variant="light">{articles.length}</Badge>}
      </Group>
      {queue.isPending ? (
        <Stack gap="xs">
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : queue.isError ? (
        <RetryAlert
          compact
          message="Não foi possível carregar os artigos em revisão."
          onRetry={() => void queue.refetch()}
          retrying={queue.isFetching}
        />
      ) : articles.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum artigo aguardando revisão.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {articles.map((article) => (
            <li key={article.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={editArticlePath(article.id)} fw={600} lineClamp={1}>
                    {article.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {article.author.full_name} · enviado em {formatDate(article.updated_at)}
                  </Text>
                </Stack>
                {article.visibility === 'premium' && (
                  <Badge color="yellow" variant="light" size="sm">
                    {VISIBILITY_LABELS.premium}
                  </Badge>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
