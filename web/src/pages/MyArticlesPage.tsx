// /my-articles (spec section 2, "My articles"): the signed-in writer's articles by status, with edit and delete.
import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCrown, IconEdit, IconExternalLink, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { MyArticle, MyArticles } from '../../../shared/api-types';
import { ARTICLE_MESSAGES, STATUS_LABELS, VISIBILITY_LABELS, type ArticleStatus } from '../../../shared/articles';
import { STATUS_COLORS } from '../articles/status';
import { requestMessage } from '../articles/errors';
import { ARTICLES_KEY, articleKeys } from '../articles/keys';
import { publicArticlePath } from '../articles/paths';
import { SeoBadge } from '../articles/SeoBadge';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { api } from '../lib/api';
import { formatDate } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';

type Tab = 'all' | ArticleStatus;

const TABS: { value: Tab; label: string; empty: string }[] = [
  { value: 'all', label: 'Todos', empty: 'Você ainda não tem artigos.' },
  { value: 'draft', label: 'Rascunhos', empty: 'Você não tem rascunhos.' },
  { value: 'review', label: 'Em revisão', empty: 'Nenhum artigo em revisão.' },
  { value: 'published', label: 'Publicados', empty: 'Você ainda não publicou artigos.' },
];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

const viewsLabel = (count: number) => `${count.toLocaleString('pt-BR')} ${count === 1 ? 'visualização' : 'visualizações'}`;

function ArticleCardItem({ article, onDelete }: { article: MyArticle; onDelete: (article: MyArticle) => void }) {
  const published = article.status === 'published';
  const date = published ? article.published_at ?? article.updated_at : article.updated_at ?? article.created_at;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`article-${article.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" id={`article-${article.id}`} style={{ overflowWrap: 'anywhere' }}>
            {article.title}
          </Title>
          <Group gap={6} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
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
              to={`/article/${encodeURIComponent(article.id)}/edit`}
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

function ListSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando artigos">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={132} radius="md" />
      ))}
    </Stack>
  );
}

function EmptyState({ message }: { message: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to="/create" leftSection={<IconPlus size={16} />}>
          Escrever artigo
        </Button>
      </Stack>
    </Paper>
  );
}

export default function MyArticlesPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [deleting, setDeleting] = useState<MyArticle | null>(null);
  const reported = useRef<unknown>(null);

  const mine = useQuery({
    queryKey: articleKeys.mine(),
    queryFn: ({ signal }) => api.get<MyArticles>('/articles/mine', { signal }),
  });

  useEffect(() => {
    if (mine.isError && reported.current !== mine.error) {
      reported.current = mine.error;
      notifyError('Erro', ARTICLE_MESSAGES.listError);
    }
  }, [mine.isError, mine.error]);

  const remove = useMutation({
    mutationFn: (article: MyArticle) => api.delete<void>(`/articles/${encodeURIComponent(article.id)}`),
    onSuccess: (_result, article) => {
      queryClient.setQueryData<MyArticles>(articleKeys.mine(), (previous) =>
        previous
          ? {
              articles: previous.articles.filter((item) => item.id !== article.id),
              counts: {
                ...previous.counts,
                all: Math.max(0, previous.counts.all - 1),
                [article.status]: Math.max(0, previous.counts[article.status] - 1),
              },
            }
          : previous,
      );
      queryClient.removeQueries({ queryKey: articleKeys.detail(article.id) });
      void queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
      setDeleting(null);
      notifySuccess('Artigo excluído com sucesso.');
    },
    onError: (error) => {
      notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.deleteError));
    },
  });

  const articles = mine.data?.articles ?? [];
  const counts = mine.data?.counts;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>Meus artigos</Title>
          <Button component={Link} to="/create" leftSection={<IconPlus size={16} />}>
            Novo artigo
          </Button>
        </Group>

        <Tabs value={tab} onChange={(value) => isTab(value) && setTab(value)} keepMounted={false}>
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab
                key={item.value}
                value={item.value}
                rightSection={
                  counts ? (
                    <Badge size="sm" variant="light" color="gray" circle={counts[item.value] < 10}>
                      {counts[item.value]}
                    </Badge>
                  ) : undefined
                }
              >
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          {TABS.map((item) => {
            const shown = item.value === 'all' ? articles : articles.filter((article) => article.status === item.value);
            return (
              <Tabs.Panel key={item.value} value={item.value} pt="lg">
                {mine.isPending ? (
                  <ListSkeleton />
                ) : mine.isError ? (
                  <Paper withBorder radius="md" p="xl">
                    <Stack align="center" gap="sm">
                      <Text c="dimmed">{ARTICLE_MESSAGES.listError}</Text>
                      <Button variant="light" onClick={() => void mine.refetch()} loading={mine.isFetching}>
                        Tentar novamente
                      </Button>
                    </Stack>
                  </Paper>
                ) : shown.length === 0 ? (
                  <EmptyState message={item.empty} />
                ) : (
                  <Stack gap="md">
                    {shown.map((article) => (
                      <ArticleCardItem key={article.id} article={article} onDelete={setDeleting} />
                    ))}
                  </Stack>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>

      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir artigo"
        confirmLabel="Excluir"
        danger
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        Tem certeza que deseja excluir o artigo <strong>{deleting?.title}</strong>? Esta ação não pode ser desfeita.
      </ConfirmDialog>
    </Container>
  );
}
