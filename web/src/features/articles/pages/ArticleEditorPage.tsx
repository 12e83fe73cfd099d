// /create and /article/:id/edit (spec sections 3–4): the article editor, the workflow and the version history.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ArticleDraft } from '../../../../../shared/api-types';
import { ARTICLE_MESSAGES, STATUS_LABELS } from '../../../../../shared/article-rules';
import { STORY_MESSAGES } from '../../../../../shared/storyboard';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { fetchArticle } from '../api/articles';
import { articleKeys } from '../api/keys';
import { AiPanel } from '../../analysis/components/AiPanel';
import { EditorialPanels } from '../../editorial/components/EditorialPanels';
import { ArticleForm } from '../components/editor/ArticleForm';
import { VersionHistory } from '../components/editor/VersionHistory';
import { SeoBadge } from '../components/SeoBadge';
import { hasStatus, isClientError, requestMessage } from '../lib/errors';
import { cleanTags } from '../lib/form-values';
import { STATUS_COLORS } from '../lib/status';
import { linkArticle } from '../../storyboard/api/storyboard';
import { storyDraftOf } from '../../storyboard/lib/draft';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

function EditorSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando artigo">
      <Skeleton height={36} width="40%" />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Skeleton height={560} radius="md" style={{ flex: 2 }} />
        <Skeleton height={360} radius="md" style={{ flex: 1 }} visibleFrom="md" />
      </Group>
    </Stack>
  );
}

/** /create opened from a pauta: the article starts from its title, city and tags, and is remembered on it once created. */
function useStoryDraft() {
  const location = useLocation();
  const [story] = useState(() => storyDraftOf(location.state));
  const initial = useMemo(
    () => story && { title: story.title, city_code: story.city_code, tags: cleanTags(story.tags) },
    [story],
  );
  const onCreated = useCallback(
    (article: ArticleDraft) => {
      if (story) void linkArticle(story.idea_id, article.id).catch(() => notifyError('Erro', STORY_MESSAGES.linkError));
    },
    [story],
  );
  return { story, initial, onCreated: story ? onCreated : undefined };
}

function CreateArticle() {
  const me = useMe();
  const { story, initial, onCreated } = useStoryDraft();

  if (me.isPending) return <EditorSkeleton />;
  if (me.isError) {
    return (
      <RetryAlert message={errorMessage(me.error, ARTICLE_MESSAGES.loadError)} onRetry={() => void me.refetch()} retrying={me.isFetching} />
    );
  }
  if (!can(me.data.roles, 'article.create')) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <IconLock size={32} color="var(--mantine-color-gray-6)" />
          <Text fw={500}>{ARTICLE_MESSAGES.createForbidden}</Text>
          <Group gap="sm">
            <Button component={Link} to="/apply-author" variant="light">
              Quero ser autor
            </Button>
            <Button component={Link} to="/dashboard" variant="default">
              Voltar ao dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Novo artigo</Title>
        {story && (
          <Text size="sm" c="dimmed">
            A partir da pauta “{story.title}”.
          </Text>
        )}
      </Stack>
      <ArticleForm
        initial={initial}
        onCreated={onCreated}
        canSetStatus={can(me.data.roles, 'article.set-status')}
        assistant={(form) => <AiPanel form={form} canTrain={can(me.data.roles, 'ai.train')} />}
      />
    </Stack>
  );
}

function EditArticle({ id }: { id: string }) {
  const navigate = useNavigate();
  const me = useMe();
  const reported = useRef<unknown>(null);
  // A restore replaces the draft wholesale: the form starts over from the new version.
  const [generation, setGeneration] = useState(0);

  const article = useQuery({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => fetchArticle(id, signal),
    retry: (failures, error) => !isClientError(error) && failures < 1,
    // Writes store the API's answer here (api/cache.ts): no refetch right after one, e.g. on opening a new article.
    staleTime: 30_000,
  });

  useEffect(() => {
    const error = article.error;
    if (!error || reported.current === error) return;
    reported.current = error;
    if (hasStatus(error, 404)) {
      notifyError('Erro', ARTICLE_MESSAGES.notFound);
      navigate('/my-articles', { replace: true });
    } else if (hasStatus(error, 403)) {
      notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.editForbidden));
      navigate('/my-articles', { replace: true });
    }
  }, [article.error, navigate]);

  if (article.isPending || me.isPending) return <EditorSkeleton />;
  if (article.isError) {
    if (hasStatus(article.error, 404) || hasStatus(article.error, 403)) return <EditorSkeleton />;
    return (
      <RetryAlert
        message={requestMessage(article.error, ARTICLE_MESSAGES.loadError)}
        onRetry={() => void article.refetch()}
        retrying={article.isFetching}
      />
    );
  }

  const draft = article.data;
  const roles = me.data?.roles ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Editar artigo</Title>
        <Group gap="xs">
          <Badge color={STATUS_COLORS[draft.status]} variant="light" size="lg" tt="none">
            {STATUS_LABELS[draft.status]}
          </Badge>
          <SeoBadge seo={draft.seo} status={draft.status} version={draft.version} size="lg" />
        </Group>
      </Group>
      <ArticleForm
        key={`${draft.id}:${generation}`}
        draft={draft}
        canSetStatus={can(roles, 'article.set-status')}
        assistant={(form) => <AiPanel form={form} articleId={draft.id} canTrain={can(roles, 'ai.train')} />}
        sidebar={
          <Paper withBorder radius="md" p="lg" component="section" aria-label="Histórico de versões">
            <VersionHistory
              articleId={draft.id}
              currentVersion={draft.version}
              onRestored={() => setGeneration((value) => value + 1)}
            />
          </Paper>
        }
      />
      <EditorialPanels articleId={draft.id} userId={me.data?.profile.id} roles={roles} />
    </Stack>
  );
}

export default function ArticleEditorPage() {
  const { id } = useParams<{ id: string }>();
  usePageMeta(pageTitle(id ? 'Editar artigo' : 'Novo artigo'));
  return (
    <Container size="lg" py="xl">
      {id ? <EditArticle key={id} id={id} /> : <CreateArticle />}
    </Container>
  );
}
