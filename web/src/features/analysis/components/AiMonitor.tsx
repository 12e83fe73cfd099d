// 'Monitor IA' (spec sections 2 and 9): the 5 latest failures and 5 latest successes of the
// reprocessing log, the success rate (successes over the entries read), the pending entries and the
// 'Reprocessar pendentes' button (disabled when nothing is pending), refreshed every 30 s. Used by
// /monitor and, later, the admin area's 'Monitor IA' tab.
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ANALYSIS_LIMITS, ANALYSIS_LOG_STATUS_LABELS, ANALYSIS_MESSAGES, type AnalysisLogEntry } from '../../../../../shared/analysis';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatCardDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { editArticlePath } from '../../articles/lib/paths';
import { useMonitor, useReprocess } from '../hooks/useMonitor';

const STATUS_COLORS = { pending: 'yellow', success: 'teal', failed: 'red' } as const;

const rate = (value: number) => `${(value * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

/** What the rate is taken over, in Portuguese: singular and plural agree with the count. */
const executions = (count: number) =>
  count === 0
    ? 'nenhuma execução ainda'
    : `${count === 1 ? 'da última execução' : `das últimas ${count} execuções`} (até ${ANALYSIS_LIMITS.monitorEntries})`;
const dueNow = (count: number) => `${count} ${count === 1 ? 'pronto' : 'prontos'} para reprocessar`;

function EntryList({ title, entries, empty }: { title: string; entries: AnalysisLogEntry[]; empty: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h6" mb="sm">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Stack key={entry.id} gap={2} component="li">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={editArticlePath(entry.article_id)} size="sm" fw={500} lineClamp={1} style={{ minWidth: 0 }}>
                  {entry.article_title}
                </Anchor>
                <Badge size="xs" variant="light" color={STATUS_COLORS[entry.status]} style={{ flexShrink: 0 }}>
                  {ANALYSIS_LOG_STATUS_LABELS[entry.status]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {formatCardDateTime(entry.executed_at ?? entry.created_at)} · tentativa {entry.attempt} · /{entry.article_slug}
              </Text>
              {entry.error && (
                <Text size="xs" c="red.8">
                  {entry.error}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export function AiMonitor() {
  const monitor = useMonitor();
  const reprocess = useReprocess();

  async function run() {
    try {
      const outcome = await reprocess.mutateAsync();
      notifySuccess(outcome.message);
    } catch {
      notifyError(ANALYSIS_MESSAGES.reprocessErrorTitle, ANALYSIS_MESSAGES.reprocessError);
    }
  }

  if (monitor.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Carregando Monitor IA">
        <Skeleton height={80} radius="md" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={220} radius="md" />
          <Skeleton height={220} radius="md" />
        </SimpleGrid>
      </Stack>
    );
  }
  if (monitor.isError) {
    return <RetryAlert message={ANALYSIS_MESSAGES.monitorLoadError} onRetry={() => void monitor.refetch()} retrying={monitor.isFetching} />;
  }

  const figures = monitor.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="center" gap="md">
          <Group gap="xl" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Taxa de sucesso
              </Text>
              <Text size="xl" fw={700} data-testid="ai-success-rate">
                {rate(figures.success_rate)}
              </Text>
              <Text size="xs" c="dimmed">
                {executions(figures.entries.length)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Pendentes
              </Text>
              <Text size="xl" fw={700} data-testid="ai-pending">
                {figures.pending}
              </Text>
              <Text size="xs" c="dimmed">
                {dueNow(figures.due)}
              </Text>
            </Stack>
          </Group>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => void run()} loading={reprocess.isPending} disabled={figures.pending === 0}>
            Reprocessar pendentes
          </Button>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EntryList title="Falhas recentes" entries={figures.failures} empty="Nenhuma falha recente." />
        <EntryList title="Sucessos recentes" entries={figures.successes} empty="Nenhum sucesso recente." />
      </SimpleGrid>
    </Stack>
  );
}
