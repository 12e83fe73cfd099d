// /monitor (spec sections 2 and 6): editors and the master only (anyone else goes to /dashboard);
// tabs 'Monitor IA' (the reprocessing log's figures) and 'Notificações' (the user's notifications).
import { Container, Paper, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { DeniedRedirect } from '../../../components/AccessDenied';
import { NotificationsPanel } from '../../notifications/components/NotificationsPanel';
import { AiMonitor } from '../components/AiMonitor';
import '../../../styles/staff.css';

export default function MonitorPage() {
  usePageMeta(pageTitle('Monitor'));
  const me = useMe();

  if (me.isPending) {
    return (
      <Container size="lg" py="xl">
        <Skeleton height={36} width="30%" mb="lg" />
        <Skeleton height={320} radius="md" />
      </Container>
    );
  }
  if (!me.data || !can(me.data.roles, 'monitor.access')) return <DeniedRedirect to="/dashboard" />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Monitor</Title>
        <Tabs defaultValue="ai" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="ai">Monitor IA</Tabs.Tab>
            <Tabs.Tab value="notifications">Notificações</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="ai" pt="md">
            <AiMonitor />
          </Tabs.Panel>
          <Tabs.Panel value="notifications" pt="md">
            {/* Framed like the Monitor IA's cards (the panel itself is frameless for the bell's popover). */}
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <NotificationsPanel />
            </Paper>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
