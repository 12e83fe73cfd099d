// The last 30 days at a glance, the same on the dashboard and the admin area's Analytics tab:
// audience (users, sessions, page views, average session, bounce rate), ad figures, a per-day chart
// and the most viewed articles (and, for the site, the most read authors). An author sees their own
// articles' figures; a master the site's, or one author's picked from the staff.
import { useState, type ReactNode } from 'react';
import { Box, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartAreaLine, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { AdRevenueData, AnalyticsData, DiscardedBeacons } from '../api/analytics';
import { errorMessage } from '../../../lib/api';
import { formatBRL, formatNumber } from '../../../lib/format';
import { useAdRevenueData, useAnalyticsData, useStaff } from '../hooks/useAnalytics';
import { discardedLine, formatDuration, formatPercent, formatRange, lastDays } from '../lib/format';
import { DailyChart } from './DailyChart';
import { InfoLine } from './InfoLine';
import { LoadError } from './LoadError';
import { SourceBadge } from './SourceBadge';
import { StatCard, StatCardSkeleton } from './StatCard';
import { TopArticles, TopAuthors } from './TopLists';
import '@mantine/charts/styles.layer.css';
import './analytics.css';

export const EMPTY_TEXT = 'Nenhum dado disponível – configure Google Analytics and Ad Manager integrations';
const LOAD_ERROR = 'Não foi possível carregar os dados do dashboard.';
const SITE = 'site';

interface OverviewProps {
  isMaster: boolean;
  /** The heading's level and words: the dashboard's section, or the admin tab's. */
  title: string;
  headingOrder?: 2 | 3;
  /** The admin tab adds the most read authors. */
  withAuthors?: boolean;
  /** Buttons beside the author picker (the admin tab's way to the settings). */
  actions?: ReactNode;
}

const noAudience = (data: AnalyticsData) => data.totalPageViews === 0 && data.totalSessions === 0;
const noAds = (data: AdRevenueData) => data.adRequests === 0 && data.impressions === 0 && data.clicks === 0 && !data.revenue;

function SectionHeader({ title, badge }: { title: string; badge?: ReactNode }) {
  return (
    <Group gap="xs" justify="space-between" mb="xs">
      <Text fw={600}>{title}</Text>
      {badge}
    </Group>
  );
}

function Audience({ data }: { data: AnalyticsData }) {
  return (
    <Box component="section" aria-label="Audiência">
      <SectionHeader title="Audiência" badge={<SourceBadge source={data.source ?? 'first-party'} />} />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <StatCard label="Usuários" value={formatNumber(data.totalUsers)} testId="stat-users" />
        <StatCard label="Sessões" value={formatNumber(data.totalSessions)} testId="stat-sessions" />
        <StatCard label="Visualizações" value={formatNumber(data.totalPageViews)} testId="stat-views" />
        <StatCard label="Duração média da sessão" value={formatDuration(data.avgSessionDuration)} testId="stat-duration" />
        <StatCard label="Taxa de rejeição" value={formatPercent(data.bounceRate)} testId="stat-bounce" />
      </SimpleGrid>
      {data.error && <InfoLine>{data.error}</InfoLine>}
      {data.discarded && (
        <Box data-testid="analytics-discarded">
          <InfoLine>{discardedLine(data.discarded)}</InfoLine>
        </Box>
      )}
    </Box>
  );
}

function Ads({ data }: { data: AdRevenueData }) {
  const unknownRevenue = data.revenue == null;
  return (
    <Box component="section" aria-label="Receita de anúncios">
      <SectionHeader title="Receita de anúncios" badge={<SourceBadge source={data.source ?? 'first-party'} />} />
      {/* Three a row at most: an amount in reais needs the room. */}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <StatCard label="Receita" value={unknownRevenue ? 'Indisponível' : formatBRL(data.revenue ?? 0)} muted={unknownRevenue} testId="stat-revenue" />
        <StatCard label="Impressões" value={formatNumber(data.impressions)} testId="stat-impressions" />
        <StatCard label="Cliques" value={formatNumber(data.clicks)} testId="stat-clicks" />
        <StatCard label="CTR" value={formatPercent(data.ctr)} testId="stat-ctr" />
        <StatCard label="Taxa de preenchimento" value={formatPercent(data.fillRate)} muted={data.fillRate == null} testId="stat-fill" />
        <StatCard label="Solicitações de anúncio" value={formatNumber(data.adRequests)} testId="stat-requests" />
      </SimpleGrid>
      {data.note && <InfoLine>{data.note}</InfoLine>}
    </Box>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando números">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {Array.from({ length: 5 }, (_, index) => (
          <StatCardSkeleton key={index} />
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="md" />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {Array.from({ length: 6 }, (_, index) => (
          <StatCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function EmptyState({ isMaster, note, discarded }: { isMaster: boolean; note?: string; discarded?: DiscardedBeacons }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" data-testid="analytics-empty">
      <IconChartAreaLine size={36} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text c="dimmed" maw={520}>
        {EMPTY_TEXT}
      </Text>
      {note && (
        <Text size="sm" c="dimmed" maw={520}>
          {note}
        </Text>
      )}
      {/* Nothing counted, but beacons came: the filter says why they are not figures. */}
      {discarded && discarded.total > 0 && (
        <Box data-testid="analytics-discarded">
          <InfoLine>{discardedLine(discarded)}</InfoLine>
        </Box>
      )}
      {isMaster && (
        <Button component={Link} to="/analytics-settings" variant="light" leftSection={<IconSettings size={16} />}>
          Configurar integrações
        </Button>
      )}
    </Stack>
  );
}

export function AnalyticsOverview({ isMaster, title, headingOrder = 2, withAuthors = false, actions }: OverviewProps) {
  const [range] = useState(() => lastDays());
  const [picked, setPicked] = useState<string>(SITE);
  const query = { ...range, ...(isMaster && picked !== SITE ? { userId: picked } : {}) };
  const analytics = useAnalyticsData(query);
  const ads = useAdRevenueData(query);
  const staff = useStaff(isMaster);

  const whose = isMaster
    ? picked === SITE
      ? 'Todo o portal'
      : `Artigos de ${staff.data?.find((member) => member.id === picked)?.full_name ?? 'um autor'}`
    : 'Seus artigos';
  const switching = analytics.isPlaceholderData || ads.isPlaceholderData;

  let body: ReactNode;
  if (analytics.isPending || ads.isPending) {
    body = <OverviewSkeleton />;
  } else if (analytics.isError && ads.isError) {
    body = (
      <LoadError
        message={errorMessage(analytics.error, LOAD_ERROR)}
        retrying={analytics.isFetching || ads.isFetching}
        onRetry={() => {
          void analytics.refetch();
          void ads.refetch();
        }}
      />
    );
  } else if (analytics.data && noAudience(analytics.data) && (!ads.data || noAds(ads.data))) {
    body = <EmptyState isMaster={isMaster} note={analytics.data.error ?? ads.data?.note} discarded={analytics.data.discarded} />;
  } else {
    const topAuthors = analytics.data?.topAuthors ?? [];
    body = (
      <Stack gap="lg" className="analytics-body" data-switching={switching || undefined} aria-busy={switching || undefined}>
        {analytics.data ? (
          <Audience data={analytics.data} />
        ) : (
          <LoadError message={errorMessage(analytics.error, LOAD_ERROR)} retrying={analytics.isFetching} onRetry={() => void analytics.refetch()} />
        )}
        {analytics.data && <DailyChart analytics={analytics.data} ads={ads.data} />}
        {ads.data ? (
          <Ads data={ads.data} />
        ) : (
          <Box component="section" aria-label="Receita de anúncios">
            <SectionHeader title="Receita de anúncios" />
            <LoadError message={errorMessage(ads.error, LOAD_ERROR)} retrying={ads.isFetching} onRetry={() => void ads.refetch()} />
          </Box>
        )}
        {analytics.data && <TopArticles articles={analytics.data.topArticles} ownCount={analytics.data.source === 'ga4'} />}
        {withAuthors && analytics.data?.scope.kind === 'site' && <TopAuthors authors={topAuthors} ownCount={analytics.data.source === 'ga4'} />}
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="analytics-overview">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={headingOrder} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="analytics-scope">
            {whose} · {formatRange(range.startDate, range.endDate)}
          </Text>
        </Stack>
        <Group gap="sm" className="analytics-tools">
          {isMaster && (
            <Select
              aria-label="Ver números de"
              size="sm"
              w={{ base: '100%', xs: 260 }}
              searchable
              allowDeselect={false}
              nothingFoundMessage="Ninguém encontrado"
              value={picked}
              onChange={(value) => setPicked(value ?? SITE)}
              data={[
                { value: SITE, label: 'Todo o portal' },
                ...(staff.data ?? []).map((member) => ({ value: member.id, label: member.full_name })),
              ]}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {actions}
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
