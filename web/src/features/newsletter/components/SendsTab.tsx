// Newsletter › Envios: the last 20 editions, newest first, with their recipients and their open and
// click rates (of those it was sent to). A send in progress shows how far it got, asked again every
// 2 s until it is done.
import { Badge, Button, Paper, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { NEWSLETTER_MESSAGES, ratePercent, SEND_STATUS_LABELS, type NewsletterSend } from '../../../../../shared/newsletter-rules';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatCardDateTime, formatNumber } from '../../../lib/format';
import { useSends } from '../hooks/useNewsletter';
import { SEND_STATUS_COLORS } from '../lib/labels';

function Status({ send }: { send: NewsletterSend }) {
  const badge = (
    <Badge color={SEND_STATUS_COLORS[send.status]} variant="light" tt="none">
      {SEND_STATUS_LABELS[send.status]}
    </Badge>
  );
  if (send.status === 'sent') return badge;
  const done = send.audience_count > 0 ? Math.min(100, (send.sent_to_count / send.audience_count) * 100) : 0;
  return (
    <Stack gap={4} miw={140}>
      {badge}
      <Progress value={done} size="sm" animated aria-label={`Enviados ${send.sent_to_count} de ${send.audience_count}`} />
      <Text size="xs" c="dimmed">
        {formatNumber(send.sent_to_count)} de {formatNumber(send.audience_count)}
      </Text>
    </Stack>
  );
}

export function SendsTab() {
  const sends = useSends();

  if (sends.isPending) return <Skeleton height={280} radius="md" aria-label="Carregando envios" />;
  if (sends.isError) return <RetryAlert message={NEWSLETTER_MESSAGES.loadError} onRetry={() => void sends.refetch()} retrying={sends.isFetching} />;

  const records = sends.data.records;
  if (records.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <Text c="dimmed">Nenhuma edição enviada ainda.</Text>
          <Button component={Link} to="/newsletter/nova" variant="light" leftSection={<IconPlus size={16} />}>
            Nova edição
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" highlightOnHover miw={760} aria-label="Envios" className="stack-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assunto</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th ta="right">Destinatários</Table.Th>
            <Table.Th ta="right">Aberturas</Table.Th>
            <Table.Th ta="right">Cliques</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((send) => (
            <Table.Tr key={send.id}>
              <Table.Td data-primary>
                <Text size="sm" fw={500}>
                  {send.subject}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCardDateTime(send.sent_at)}</Table.Td>
              <Table.Td ta="right" data-label="Destinatários">
                {formatNumber(send.sent_to_count)}
              </Table.Td>
              <Table.Td ta="right" data-label="Aberturas">
                {ratePercent(send.opened_count, send.sent_to_count)}
              </Table.Td>
              <Table.Td ta="right" data-label="Cliques">
                {ratePercent(send.clicked_count, send.sent_to_count)}
              </Table.Td>
              <Table.Td>
                <Status send={send} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
