// One article of My articles: title, status, visibility and SEO badges, summary, views, date and actions.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconEdit, IconExternalLink, IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { MyArticle } from '../../../../../shared/api-types';
import { STATUS_LABELS, VISIBILITY_LABELS } from '../../../../../shared/article-rules';
import { formatDate } from '../../../lib/format';
import { editArticlePath, publicArticlePath } from '../lib/paths';
import { STATUS_COLORS } from '../lib/status';
import { SeoBadge } from './SeoBadge';

const viewsLabel = (count: number) => `${count.toLocaleString('pt-BR')} ${count === 1 ? 'visualização' : 'visualizações'}`;

export function MyArticleCard({ article, onDelete }: { article: MyArticle; onDelete: (article: MyArticle) => void }) {
  const published = article.status === 'published';
  const date = published ? article.published_at ?? article.updated_at : article.updated_at ?? article.created_at;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`article-${article.id}`}>
      <Stack gap="sm">
        {/* The badges go under the title when both do not fit: on a phone the title keeps the card's width. */}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4" id={`article-${article.id}`} style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'break-word' }}>
            {article.title}
          </Title>
          <Group gap={6} wrap="wrap">
            <Badge color={STATUS_COLORS[article.status]} variant="light" tt="none">
              {STATUS_LABELS[article.status]}
            </Badge>
            <Badge
              color={article.visibility === 'premium' ? 'grape' : 'blue'}
              variant="outline"
              tt="none"
              leftSection={article.visibility === 'premium' ? <IconCrown size={12} /> : undefined}
            >
              {VISIBILITY_LABELS[article.visibility]}
            </Badge>
            {published && <SeoBadge seo={article.seo} status={article.status} />}
          </Group>
        </Group>
        {article.summary && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {article.summary}
          </Text>
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="md">
            <Group gap={4}>
              <IconEye size={14} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="xs" c="dimmed">
                {viewsLabel(article.views_count)}
              </Text>
            </Group>
            {formatDate(date) && (
              <Text size="xs" c="dimmed">
                {published ? 'Publicado em' : 'Atualizado em'} {formatDate(date)}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            {published && (
              <Button
                component={Link}
                to={publicArticlePath(article.location_path, article.slug)}
                variant="subtle"
                size="xs"
                leftSection={<IconExternalLink size={14} />}
              >
                Ver
              </Button>
            )}
            <Button
              component={Link}
              to={editArticlePath(article.id)}
              variant="light"
              size="xs"
              leftSection={<IconEdit size={14} />}
            >
              Editar
            </Button>
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => onDelete(article)}>
              Excluir
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
