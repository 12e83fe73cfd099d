// Admin › Assinaturas: Premium subscriptions newest first, the counts per status and the revenue.
// Two revenue figures, both from the API: the spec's estimate (R$ 29,90 per active subscription)
// and what the active subscriptions really bring in a month at the plan's price.
import { Badge, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  METHOD_LABELS,
  PAYMENT_MESSAGES,
  PROVIDER_LABELS,
  STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  type AdminSubscriptionList,
} from '../../../../../shared/payments';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatBRL, formatDate, formatNumber } from '../../../lib/format';
import { STATUS_COLORS } from '../../payments/lib/subscription';
import { listSubscriptions } from '../api/admin';
import { adminKeys } from '../api/keys';
import { ListState, LoadMore, usePagedList } from './AdminTable';

function Figure({ label, value, note, color }: { label: string; value: string; note?: string; color?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} c={color}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

function Summary({ list }: { list: AdminSubscriptionList }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Assinaturas por status">
        {SUBSCRIPTION_STATUSES.map((status) => (
          <Figure key={status} label={STATUS_LABELS[status]} value={formatNumber(list.counts[status] ?? 0)} color={`${STATUS_COLORS[status]}.8`} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Figure
          label="Receita estimada"
          value={formatBRL(list.estimate.total)}
          note={`estimativa: ${formatBRL(list.estimate.per_active)} por assinatura ativa`}
        />
        <Figure
          label="Receita mensal real"
          value={formatBRL(list.monthly_revenue.total)}
          note={`${formatBRL(list.monthly_revenue.price)} por assinatura ativa`}
        />
      </SimpleGrid>
    </Stack>
  );
}

function period(start: string | null, end: string | null): string {
  if (!start && !end) return '—';
  return `${formatDate(start) || '…'} – ${formatDate(end) || '…'}`;
}

export default function SubscriptionsTab() {
  const { query, rows } = usePagedList(adminKeys.subscriptions(), listSubscriptions);

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Carregando assinaturas">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {SUBSCRIPTION_STATUSES.map((status) => (
            <Skeleton key={status} height={74} radius="md" />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Skeleton height={92} radius="md" />
          <Skeleton height={92} radius="md" />
        </SimpleGrid>
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return <RetryAlert message={PAYMENT_MESSAGES.listError} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  const [first] = query.data.pages;

  return (
    <Stack gap="md">
      {first && <Summary list={first} />}
      <ListState query={query} empty={rows.length === 0} what="as assinaturas" emptyText="Nenhuma assinatura ainda.">
          <Table verticalSpacing="sm" highlightOnHover miw={920} className="stack-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Assinante</Table.Th>
                <Table.Th>Provedor</Table.Th>
                <Table.Th>Forma</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Período</Table.Th>
                <Table.Th>Criada em</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td data-primary>
                    <Text fw={500} size="sm">
                      {row.full_name || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Provedor">{PROVIDER_LABELS[row.provider]}</Table.Td>
                  <Table.Td data-label="Forma">{METHOD_LABELS[row.method]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={STATUS_COLORS[row.status]} variant="light" tt="none">
                      {STATUS_LABELS[row.status]}
                    </Badge>
                    {row.cancel_at_period_end && row.status !== 'cancelled' && (
                      <Text size="xs" c="dimmed" mt={2}>
                        termina no fim do período
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Período">{period(row.current_period_start, row.current_period_end)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Criada em">{formatDate(row.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
      </ListState>
      <LoadMore query={query} label="Carregar mais" />
    </Stack>
  );
}
