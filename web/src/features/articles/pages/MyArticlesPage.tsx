// /my-articles (spec section 2, "My articles"): the signed-in writer's articles by status, with edit and delete.
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { MyArticle } from '../../../../../shared/api-types';
import { ARTICLE_MESSAGES, type ArticleStatus } from '../../../../../shared/article-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fetchMyArticles } from '../api/articles';
import { articleKeys } from '../api/keys';
import { MyArticleCard } from '../components/MyArticleCard';
import { useDeleteArticle } from '../hooks/useArticleMutations';
import { requestMessage } from '../lib/errors';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

type Tab = 'all' | ArticleStatus;

const TABS: { value: Tab; label: string; empty: string }[] = [
  { value: 'all', label: 'Todos', empty: 'Você ainda não tem artigos.' },
  { value: 'draft', label: 'Rascunhos', empty: 'Você não tem rascunhos.' },
  { value: 'review', label: 'Em revisão', empty: 'Nenhum artigo em revisão.' },
  { value: 'published', label: 'Publicados', empty: 'Você ainda não publicou artigos.' },
];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

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
  usePageMeta(pageTitle('Meus artigos'));
  // The tab is in the address (?tab=draft): the dashboard's 'Gerenciar rascunhos' opens the drafts.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const setTab = (next: Tab) => setParams(next === 'all' ? {} : { tab: next }, { replace: true });
  const [deleting, setDeleting] = useState<MyArticle | null>(null);
  const reported = useRef<unknown>(null);

  const mine = useQuery({
    queryKey: articleKeys.mine(),
    queryFn: ({ signal }) => fetchMyArticles(signal),
  });

  useEffect(() => {
    if (mine.isError && reported.current !== mine.error) {
      reported.current = mine.error;
      notifyError('Erro', ARTICLE_MESSAGES.listError);
    }
  }, [mine.isError, mine.error]);

  const remove = useDeleteArticle();

  function deleteConfirmed(article: MyArticle) {
    remove.mutate(article.id, {
      onSuccess: () => {
        setDeleting(null);
        notifySuccess('Artigo excluído com sucesso.');
      },
      onError: (error) => notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.deleteError)),
    });
  }

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
                  <RetryAlert message={ARTICLE_MESSAGES.listError} onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
                ) : shown.length === 0 ? (
                  <EmptyState message={item.empty} />
                ) : (
                  <Stack gap="md">
                    {shown.map((article) => (
                      <MyArticleCard key={article.id} article={article} onDelete={setDeleting} />
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
        onConfirm={() => deleting && deleteConfirmed(deleting)}
        onCancel={() => setDeleting(null)}
      >
        Tem certeza que deseja excluir o artigo <strong>{deleting?.title}</strong>? Esta ação não pode ser desfeita.
      </ConfirmDialog>
    </Container>
  );
}
