// /storyboard, Pautas (spec 2 "Storyboard", 6): authors, editors and masters only (anyone else goes
// to /, a signed-out visitor to /auth). Tabs Todas, Ideias, Atribuídas, Em Progresso and Concluídas
// with their counts, newest first; a dialog for a new pauta; on each card the status selector, the
// assignee and the draft article written from it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../../../shared/roles';
import {
  brasiliaToday,
  STORY_MESSAGES,
  STORYBOARD_TABS,
  type StoryboardTab,
  type StoryCounts,
  type StoryStatus,
} from '../../../../../shared/storyboard';
import { useMe } from '../../../auth/useMe';
import { DeniedRedirect } from '../../../components/AccessDenied';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { requestMessage } from '../../articles/lib/errors';
import type { StaffMember, StoryIdea } from '../api/storyboard';
import { NewStoryDialog } from '../components/NewStoryDialog';
import { StoryCard } from '../components/StoryCard';
import { useStaff, useStoryIdeas, useUpdateIdea } from '../hooks/useStoryboard';
import '../../../styles/staff.css';

const isTab = (value: string | null): value is StoryboardTab => STORYBOARD_TABS.some((tab) => tab.value === value);

const EMPTY_TEXT: Record<StoryboardTab, string> = {
  all: 'Nenhuma pauta ainda. Registre a primeira ideia de matéria da redação.',
  idea: 'Nenhuma ideia esperando responsável.',
  assigned: 'Nenhuma pauta atribuída aguardando início.',
  in_progress: 'Nenhuma pauta em andamento.',
  completed: 'Nenhuma pauta concluída ainda.',
};

function BoardSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label="Carregando pautas">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={300} radius="md" />
      ))}
    </SimpleGrid>
  );
}

interface BoardProps {
  tab: StoryboardTab;
  staff: StaffMember[] | undefined;
  onCounts: (counts: StoryCounts) => void;
  onNew: () => void;
}

function Board({ tab, staff, onCounts, onNew }: BoardProps) {
  const ideas = useStoryIdeas(tab);
  const update = useUpdateIdea();
  const { mutate } = update;
  const [cancelling, setCancelling] = useState<StoryIdea | null>(null);
  const reported = useRef<unknown>(null);
  // The deadline check's "today", once per render of the board (Brasília's date, as the newsroom reads it).
  const today = brasiliaToday();

  const counts = ideas.data?.pages[0]?.counts;
  useEffect(() => {
    if (counts) onCounts(counts);
  }, [counts, onCounts]);

  useEffect(() => {
    if (!ideas.error || reported.current === ideas.error) return;
    reported.current = ideas.error;
    notifyError('Erro', requestMessage(ideas.error, STORY_MESSAGES.loadError));
  }, [ideas.error]);

  const onStatus = useCallback(
    (idea: StoryIdea, status: StoryStatus) => {
      // Cancelling takes the pauta off every working tab: asked first.
      if (status === 'cancelled') setCancelling(idea);
      else mutate({ id: idea.id, status });
    },
    [mutate],
  );
  const onAssign = useCallback((idea: StoryIdea, assignee: string | null) => mutate({ id: idea.id, assigned_to: assignee }), [mutate]);

  if (ideas.isPending) return <BoardSkeleton />;
  if (ideas.isError) {
    return <RetryAlert message={errorMessage(ideas.error, STORY_MESSAGES.loadError)} onRetry={() => void ideas.refetch()} retrying={ideas.isFetching} />;
  }
  const items = ideas.data.pages.flatMap((page) => page.items);
  const pendingId = update.isPending ? update.variables?.id : undefined;

  return (
    <Stack gap="md">
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" ta="center">
            <Text c="dimmed">{EMPTY_TEXT[tab]}</Text>
            {tab === 'all' && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onNew}>
                Nova pauta
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="section" aria-label="Pautas">
          {items.map((idea) => (
            <StoryCard key={idea.id} idea={idea} staff={staff} today={today} busy={pendingId === idea.id} onStatus={onStatus} onAssign={onAssign} />
          ))}
        </SimpleGrid>
      )}
      {ideas.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={ideas.isFetchingNextPage} onClick={() => void ideas.fetchNextPage()}>
            Carregar mais
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancelar pauta"
        confirmLabel="Cancelar pauta"
        cancelLabel="Manter"
        danger
        pending={update.isPending && update.variables?.id === cancelling?.id}
        onConfirm={() => cancelling && update.mutate({ id: cancelling.id, status: 'cancelled' }, { onSettled: () => setCancelling(null) })}
        onCancel={() => setCancelling(null)}
      >
        {cancelling && `“${cancelling.title}” sai das abas de trabalho e fica só em Todas. Você pode reabri-la depois pelo status.`}
      </ConfirmDialog>
    </Stack>
  );
}

export default function StoryboardPage() {
  usePageMeta(pageTitle('Pautas'));
  const me = useMe();
  const allowed = Boolean(me.data && can(me.data.roles, 'storyboard.access'));
  const staff = useStaff(allowed);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: StoryboardTab = isTab(requested) ? requested : 'all';
  const [counts, setCounts] = useState<StoryCounts | null>(null);
  const [creating, setCreating] = useState(false);
  const openNew = useCallback(() => setCreating(true), []);

  if (me.isPending) {
    return (
      <Container size="lg" py="xl">
        <Skeleton height={36} width="30%" mb="lg" />
        <BoardSkeleton />
      </Container>
    );
  }
  if (me.isError) {
    return (
      <Container size="lg" py="xl">
        <RetryAlert message={errorMessage(me.error, STORY_MESSAGES.loadError)} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </Container>
    );
  }
  if (!allowed) return <DeniedRedirect to="/" />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={1}>Pautas</Title>
            <Text c="dimmed" size="sm">
              As ideias de matéria da redação, de quem são e em que pé estão.
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            Nova pauta
          </Button>
        </Group>
        <Tabs value={tab} onChange={(value) => isTab(value) && setParams(value === 'all' ? {} : { tab: value }, { replace: true })} keepMounted={false}>
          <Tabs.List className="storyboard-tabs">
            {STORYBOARD_TABS.map((each) => (
              <Tabs.Tab
                key={each.value}
                value={each.value}
                rightSection={
                  counts && (
                    <Badge size="sm" variant={each.value === tab ? 'filled' : 'light'} circle={counts[each.value] < 10} data-testid={`count-${each.value}`}>
                      {formatNumber(counts[each.value])}
                    </Badge>
                  )
                }
              >
                {each.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            <Board key={tab} tab={tab} staff={staff.data} onCounts={setCounts} onNew={openNew} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <NewStoryDialog opened={creating} onClose={() => setCreating(false)} staff={staff.data} staffLoading={staff.isFetching && !staff.data} />
    </Container>
  );
}
