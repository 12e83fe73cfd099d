// /admin (spec 2 "Admin", 7 tabs): the master's desk. Anyone else is told 'Acesso Negado' and sent to
// /dashboard (signed out: /auth, by ProtectedRoute). The open tab is in the address (?tab=), so a link
// can lead to one and the browser's back button returns to it. Each tab is its own lazy chunk.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { DeniedRedirect } from '../../../components/AccessDenied';
import { PageLoader } from '../../../components/PageLoader';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

const UsersTab = lazy(() => import('../components/UsersTab'));
const ArticlesTab = lazy(() => import('../components/ArticlesTab'));
const ApplicationsTab = lazy(() => import('../components/ApplicationsTab'));
const MenuTab = lazy(() => import('../components/MenuTab'));
const AuditTab = lazy(() => import('../components/AuditTab'));
const AiMonitor = lazy(() => import('../../analysis/components/AiMonitor').then((module) => ({ default: module.AiMonitor })));
const SubscriptionsTab = lazy(() => import('../components/SubscriptionsTab'));
const AnalyticsTab = lazy(() => import('../../analytics/components/AnalyticsTab'));
const DataRequestsTab = lazy(() => import('../../privacy/components/DataRequestsTab'));
const QueuesTab = lazy(() => import('../components/QueuesTab'));

export const ADMIN_TABS = [
  { value: 'usuarios', label: 'Usuários' },
  { value: 'artigos', label: 'Artigos' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'monitor', label: 'Monitor IA' },
  { value: 'assinaturas', label: 'Assinaturas' },
  { value: 'candidaturas', label: 'Candidaturas' },
  { value: 'menu', label: 'Menu' },
  { value: 'auditoria', label: 'Auditoria' },
  { value: 'lgpd', label: 'Solicitações LGPD' },
  { value: 'filas', label: 'Filas com falha' },
] as const;
type TabValue = (typeof ADMIN_TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => ADMIN_TABS.some((tab) => tab.value === value);

function TabContent({ tab }: { tab: TabValue }) {
  switch (tab) {
    case 'usuarios':
      return <UsersTab />;
    case 'artigos':
      return <ArticlesTab />;
    case 'candidaturas':
      return <ApplicationsTab />;
    case 'menu':
      return <MenuTab />;
    case 'monitor':
      return <AiMonitor />;
    case 'auditoria':
      return <AuditTab />;
    case 'analytics':
      return <AnalyticsTab />;
    case 'assinaturas':
      return <SubscriptionsTab />;
    case 'lgpd':
      return <DataRequestsTab />;
    case 'filas':
      return <QueuesTab />;
  }
}

export default function AdminPage() {
  usePageMeta(pageTitle('Administração'));
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'usuarios';
  // On a phone the tab strip scrolls sideways: bring the open tab into view.
  const tabs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabs.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab, me.data]);

  if (me.isPending) {
    return (
      <Container size="lg" py="xl">
        <Skeleton height={36} width="30%" mb="lg" />
        <Skeleton height={40} mb="md" />
        <Skeleton height={360} radius="md" />
      </Container>
    );
  }
  if (!me.data || !can(me.data.roles, 'admin.access')) return <DeniedRedirect to="/dashboard" />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={1}>Administração</Title>
            <Text c="dimmed" size="sm">
              Usuários e papéis, artigos, audiência e anúncios, assinaturas, candidaturas de autores, menu, o registro de auditoria, as solicitações LGPD e as filas com falha.
            </Text>
          </Stack>
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => isTab(value) && setParams(value === 'usuarios' ? {} : { tab: value })}
          keepMounted={false}
        >
          <Tabs.List className="admin-tabs" ref={tabs}>
            {ADMIN_TABS.map((each) => (
              <Tabs.Tab key={each.value} value={each.value}>
                {each.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            <Suspense fallback={<PageLoader />}>
              <TabContent tab={tab} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
