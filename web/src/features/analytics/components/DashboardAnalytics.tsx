// The dashboard's analytics section (#estatisticas' neighbour): a lazy chunk of its own, so the
// charts load only for the staff who see them.
import { Paper } from '@mantine/core';
import { AnalyticsOverview } from './AnalyticsOverview';

export default function DashboardAnalytics({ isMaster }: { isMaster: boolean }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label="Visão geral (últimos 30 dias)" id="analytics">
      <AnalyticsOverview isMaster={isMaster} title="Visão geral (últimos 30 dias)" />
    </Paper>
  );
}
