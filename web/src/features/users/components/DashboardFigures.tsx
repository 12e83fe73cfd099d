// The dashboard's figures (#estatisticas, where 'Ver estatísticas' leads): the user's articles per
// status, the whole portal's and the reviews waiting for editors and masters, the applications
// waiting for the master, and the quality score out of 10.
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconChartBar, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { STATUS_LABELS } from '../../../../../shared/article-rules';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatNumber } from '../../../lib/format';
import { dashboardKeys, fetchArticleStats, fetchPendingApplications, fetchQuality, type StatusCounts } from '../api/dashboard';

function Figure({ label, value, to }: { label: string; value: number | string; to?: string }) {
  const figure = (
    <Text fz={28} fw={700} lh={1.1}>
      {typeof value === 'number' ? formatNumber(value) : value}
    </Text>
  );
  return (
    <Stack gap={2}>
      {to?.startsWith('#') ? (
        <Anchor href={to} underline="hover" c="inherit">
          {figure}
        </Anchor>
      ) : to ? (
        <Anchor component={Link} to={to} underline="hover" c="inherit">
          {figure}
        </Anchor>
      ) : (
        figure
      )}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function Counts({ title, counts, links }: { title: string; counts: StatusCounts; links?: Partial<Record<keyof StatusCounts, string>> }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      <Group gap="xl">
        {(Object.keys(STATUS_LABELS) as (keyof StatusCounts)[]).map((status) => (
          <Figure key={status} label={STATUS_LABELS[status]} value={counts[status]} to={links?.[status]} />
        ))}
      </Group>
    </Paper>
  );
}

function Box({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      {children}
    </Paper>
  );
}

export function DashboardFigures({ userId, isStaff, isMaster }: { userId: string; isStaff: boolean; isMaster: boolean }) {
  const stats = useQuery({ queryKey: dashboardKeys.stats(userId), queryFn: ({ signal }) => fetchArticleStats(signal) });
  const quality = useQuery({ queryKey: dashboardKeys.quality(userId), queryFn: ({ signal }) => fetchQuality(signal) });
  const pending = useQuery({
    queryKey: dashboardKeys.pendingApplications(),
    queryFn: ({ signal }) => fetchPendingApplications(signal),
    enabled: isMaster,
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="figures-title" id="estatisticas">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" size={32}>
          <IconChartBar size={18} />
        </ThemeIcon>
        <Title order={2} size="h4" id="figures-title">
          Seus números
        </Title>
      </Group>
      {stats.isPending ? (
        <Skeleton height={96} radius="md" />
      ) : stats.isError ? (
        <RetryAlert compact message="Não foi possível carregar os números." onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: isStaff ? 2 : 1 }}>
          <Counts
            title="Meus artigos"
            counts={stats.data.mine}
            links={{ draft: '/my-articles?tab=draft', review: '/my-articles?tab=review', published: '/my-articles?tab=published' }}
          />
          {stats.data.portal && <Counts title="Todo o portal" counts={stats.data.portal} links={isMaster ? { draft: '/admin?tab=artigos' } : undefined} />}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: isMaster ? 3 : 2 }} mt="md">
        <Box>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="yellow" size={28}>
              <IconStar size={16} />
            </ThemeIcon>
            {quality.isPending ? (
              <Skeleton height={48} width={120} />
            ) : (
              <Tooltip
                multiline
                w={280}
                label="Média das revisões recebidas, dos resultados de SEO e de quantas vezes seus artigos voltaram da revisão."
              >
                <div>
                  <Figure
                    label="Índice de qualidade"
                    value={quality.data?.score == null ? '—' : `${quality.data.score.toFixed(1).replace('.', ',')}/10`}
                  />
                </div>
              </Tooltip>
            )}
          </Group>
          {quality.data?.score == null && !quality.isPending && (
            <Text size="xs" c="dimmed" mt={4}>
              Aparece depois das primeiras revisões ou validações de SEO dos seus artigos.
            </Text>
          )}
        </Box>
        {stats.data?.pending_reviews != null && (
          <Box>
            <Figure label="Artigos aguardando revisão" value={stats.data.pending_reviews} to="#revisao" />
          </Box>
        )}
        {isMaster && (
          <Box>
            {pending.isPending ? (
              <Skeleton height={48} width={120} />
            ) : (
              <Figure label="Candidaturas pendentes" value={pending.data?.count ?? '—'} to="/admin?tab=candidaturas" />
            )}
          </Box>
        )}
      </SimpleGrid>
    </Paper>
  );
}
