// The per-day chart: page views and users, or (when there are ad figures) impressions and clicks.
import { useState } from 'react';
import { AreaChart, BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import type { AdRevenueData, AnalyticsData } from '../api/analytics';
import { formatNumber } from '../../../lib/format';
import { formatDay } from '../lib/format';

type Metric = 'audience' | 'ads';

export function DailyChart({ analytics, ads }: { analytics: AnalyticsData; ads?: AdRevenueData }) {
  const [metric, setMetric] = useState<Metric>('audience');
  const showing: Metric = metric === 'ads' && ads ? 'ads' : 'audience';
  const audience = analytics.daily.map((day) => ({ day: formatDay(day.date), pageViews: day.totalPageViews, users: day.totalUsers }));
  const adDays = (ads?.daily ?? []).map((day) => ({ day: formatDay(day.date), impressions: day.impressions, clicks: day.clicks }));
  const axis = { tickLine: 'none' as const, gridAxis: 'y' as const, valueFormatter: formatNumber, h: 260, withLegend: true, legendProps: { verticalAlign: 'bottom' as const, height: 40 } };

  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label="Gráfico diário">
      <Group justify="space-between" mb="md" gap="xs">
        <Text fw={600} size="sm" component="figcaption">
          {showing === 'audience' ? 'Visualizações e usuários por dia' : 'Impressões e cliques por dia'}
        </Text>
        {ads && (
          <SegmentedControl
            size="xs"
            value={showing}
            onChange={(value) => setMetric(value as Metric)}
            data={[
              { value: 'audience', label: 'Audiência' },
              { value: 'ads', label: 'Anúncios' },
            ]}
            aria-label="O que o gráfico mostra"
          />
        )}
      </Group>
      {showing === 'audience' ? (
        <AreaChart
          {...axis}
          data={audience}
          dataKey="day"
          curveType="monotone"
          strokeWidth={2}
          fillOpacity={0.25}
          withDots={false}
          series={[
            { name: 'pageViews', label: 'Visualizações', color: 'blue.6' },
            { name: 'users', label: 'Usuários', color: 'teal.6' },
          ]}
          xAxisProps={{ minTickGap: 24 }}
          yAxisProps={{ allowDecimals: false, width: 48 }}
        />
      ) : (
        <BarChart
          {...axis}
          data={adDays}
          dataKey="day"
          series={[
            { name: 'impressions', label: 'Impressões', color: 'violet.6' },
            { name: 'clicks', label: 'Cliques', color: 'orange.6' },
          ]}
          xAxisProps={{ minTickGap: 24 }}
          yAxisProps={{ allowDecimals: false, width: 48 }}
        />
      )}
    </Paper>
  );
}
