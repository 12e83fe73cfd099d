// /newsletter (spec "Newsletter (master)"): the master's desk. The counters, then two tabs kept in the
// address (?tab=envios): Inscritos (add, search, filter, cancel) and Envios (the last 20 editions,
// followed live while one goes out). A new edition is written on /newsletter/nova.
import { Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../../lib/format';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { MasterOnly } from '../components/MasterOnly';
import { SendsTab } from '../components/SendsTab';
import { SubscribersTab } from '../components/SubscribersTab';
import { useOverview } from '../hooks/useNewsletter';
import '../../../styles/staff.css';

const TABS = [
  { value: 'inscritos', label: 'Inscritos' },
  { value: 'envios', label: 'Envios' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

function Counter({ name, label, value, color }: { name: string; label: string; value: number | undefined; color?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={32} width={64} mt={4} />
      ) : (
        <Text fz={28} fw={700} lh={1.2} c={color} data-testid={`counter-${name}`}>
          {formatNumber(value)}
        </Text>
      )}
    </Paper>
  );
}

function Counters() {
  const overview = useOverview();
  const data = overview.data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Números da newsletter">
      <Counter name="active" label="Inscritos ativos" value={data?.active} color="green.9" />
      <Counter name="sends" label="Envios realizados" value={data?.total_sends} />
      <Counter name="unsubscribed" label="Cancelados" value={data?.unsubscribed} />
      <Counter name="pending" label="Aguardando confirmação" value={data?.pending} color="yellow.9" />
    </SimpleGrid>
  );
}

function Desk() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'inscritos';

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={1}>Newsletter</Title>
            <Text c="dimmed" size="sm">
              Quem recebe a newsletter do Portal Plural e como foram as últimas edições.
            </Text>
          </Stack>
          <Button component={Link} to="/newsletter/nova" leftSection={<IconPlus size={16} />}>
            Nova edição
          </Button>
        </Group>
        <Counters />
        <Tabs value={tab} onChange={(value) => isTab(value) && setParams(value === 'inscritos' ? {} : { tab: value })} keepMounted={false}>
          <Tabs.List>
            {TABS.map((each) => (
              <Tabs.Tab key={each.value} value={each.value}>
                {each.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            {tab === 'inscritos' ? <SubscribersTab /> : <SendsTab />}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

export default function NewsletterPage() {
  usePageMeta(pageTitle('Newsletter'));
  return (
    <MasterOnly>
      <Desk />
    </MasterOnly>
  );
}
