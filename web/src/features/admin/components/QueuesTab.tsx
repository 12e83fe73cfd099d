// Admin › Filas com falha (the failure drill): every dead-letter queue with messages, how many and how
// old the oldest is, the alarm's rule as CloudWatch applies it (any message), its messages read
// without removing them, and "Reenviar", which sends them back to the queue they came from (SQS's
// own redrive) and leaves an entry in the audit log. Empty DLQs are one line, unless asked for.
import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Paper, ScrollArea, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { formatCardDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { listDeadLetterQueues, readDeadLetters, redriveDeadLetters, type DeadLetterQueueStatus } from '../api/admin';
import { adminKeys } from '../api/keys';

/** '45 s', '5 min', '3 h', '2 dias'. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return days === 1 ? '1 dia' : `${days} dias`;
}

const messages = (count: number) => (count === 1 ? '1 mensagem' : `${count} mensagens`);

const KIND_LABELS: Record<DeadLetterQueueStatus['kind'], string> = {
  pipeline: 'Evento',
  queue: 'Fila de ingestão',
  job: 'Tarefa agendada',
  outbox: 'Publicação de eventos',
};

function RedriveState({ queue }: { queue: DeadLetterQueueStatus }) {
  const task = queue.redrive;
  if (!task) return null;
  if (task.status === 'RUNNING') return <Text size="xs" c="dimmed">Reenviando: {task.moved} de {task.to_move}</Text>;
  if (task.status === 'FAILED') return <Text size="xs" c="red">Último reenvio falhou{task.failure ? ` (${task.failure})` : ''}</Text>;
  if (task.status === 'COMPLETED') return <Text size="xs" c="dimmed">Último reenvio: {messages(task.moved)} em {formatCardDateTime(task.started_at)}</Text>;
  return null;
}

function MessagesDialog({ queue, onClose }: { queue: DeadLetterQueueStatus; onClose: () => void }) {
  const read = useQuery({ queryKey: adminKeys.deadLetters(queue.name), queryFn: () => readDeadLetters(queue.name), staleTime: 0 });
  const pretty = (body: string) => {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Mensagens de ${queue.name}`} size="xl" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Lidas sem sair da fila (cada leitura soma um recebimento). Mostramos até 20, as mais antigas primeiro.
        </Text>
        {read.isPending ? (
          <Skeleton height={160} radius="md" />
        ) : read.isError ? (
          <RetryAlert message="Não foi possível ler as mensagens." onRetry={() => void read.refetch()} retrying={read.isFetching} />
        ) : read.data.length === 0 ? (
          <Paper withBorder radius="md" p="lg" ta="center">
            <Text c="dimmed">A fila não tem mensagens.</Text>
          </Paper>
        ) : (
          read.data.map((message) => (
            <Paper key={message.id} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group gap="md">
                  <Text size="xs" c="dimmed">
                    Enviada em {message.sent_at ? formatCardDateTime(message.sent_at) : '—'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Recebida {message.receive_count} {message.receive_count === 1 ? 'vez' : 'vezes'}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    ID {message.id}
                  </Text>
                </Group>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 260, overflow: 'auto' }}>
                  {pretty(message.body)}
                </Code>
              </Stack>
            </Paper>
          ))
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function QueuesTab() {
  const client = useQueryClient();
  const [showAll, setShowAll] = useState(false);
  const [reading, setReading] = useState<DeadLetterQueueStatus | null>(null);
  const [confirming, setConfirming] = useState<DeadLetterQueueStatus | null>(null);
  const queues = useQuery({
    queryKey: adminKeys.queues(),
    queryFn: listDeadLetterQueues,
    // While SQS moves messages back, the counts change on their own.
    refetchInterval: (query) => (query.state.data?.some((queue) => queue.redrive?.status === 'RUNNING') ? 2000 : 30_000),
  });
  const redrive = useMutation({
    mutationFn: (queue: DeadLetterQueueStatus) => redriveDeadLetters(queue.name),
    onSuccess: (started, queue) => {
      notifySuccess('Reenvio iniciado', `${messages(started.to_move)} voltando para ${queue.source ?? queue.name}.`);
      setConfirming(null);
      void client.invalidateQueries({ queryKey: adminKeys.queues() });
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível reenviar as mensagens.')),
  });

  if (queues.isPending) return <Skeleton height={280} radius="md" />;
  if (queues.isError) return <RetryAlert message="Não foi possível carregar as filas." onRetry={() => void queues.refetch()} retrying={queues.isFetching} />;

  const all = queues.data;
  const alarmed = all.filter((queue) => queue.alarm);
  const shown = showAll ? all : all.filter((queue) => queue.depth > 0 || queue.in_flight > 0 || queue.redrive?.status === 'RUNNING');

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Mensagens que falharam em todas as tentativas ficam na fila de falhas (DLQ) de cada fila. Qualquer mensagem ali dispara o alarme. Leia a mensagem,
        corrija a causa e reenvie: ela volta para a fila de origem e é processada de novo.
      </Text>
      {alarmed.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={alarmed.length === 1 ? '1 fila em alarme' : `${alarmed.length} filas em alarme`}>
          {alarmed.map((queue) => queue.name).join(', ')}
        </Alert>
      )}
      <Switch label={`Mostrar todas as filas (${all.length})`} checked={showAll} onChange={(event) => setShowAll(event.currentTarget.checked)} />
      {shown.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">Nenhuma fila com falha: as {all.length} filas de falhas estão vazias.</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" miw={760} className="stack-table" aria-label="Filas com falha">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fila</Table.Th>
                <Table.Th>Mensagens</Table.Th>
                <Table.Th>Mais antiga</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((queue) => (
                <Table.Tr key={queue.name} data-queue={queue.name}>
                  <Table.Td data-primary>
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {queue.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {KIND_LABELS[queue.kind]} · {queue.context}
                      </Text>
                      <RedriveState queue={queue} />
                      {!queue.source && queue.depth > 0 && (
                        <Text size="xs" c="dimmed">
                          Sem fila de origem: rode a tarefa de novo depois de corrigir a causa.
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td data-label="Mensagens">
                    <Text size="sm">{queue.depth}</Text>
                  </Table.Td>
                  <Table.Td data-label="Mais antiga" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{queue.oldest_age_seconds === null ? '—' : `há ${formatAge(queue.oldest_age_seconds)}`}</Text>
                  </Table.Td>
                  <Table.Td>
                    {queue.alarm ? (
                      <Badge color="red" variant="filled">
                        Alarme
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light">
                        OK
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setReading(queue)} aria-label={`Ver mensagens de ${queue.name}`}>
                        Ver mensagens
                      </Button>
                      {queue.source && (
                        <Button
                          size="xs"
                          disabled={queue.depth === 0 || queue.redrive?.status === 'RUNNING'}
                          onClick={() => setConfirming(queue)}
                          aria-label={`Reenviar mensagens de ${queue.name}`}
                        >
                          Reenviar
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {reading && <MessagesDialog queue={reading} onClose={() => setReading(null)} />}
      <ConfirmDialog
        opened={confirming !== null}
        title="Reenviar mensagens"
        confirmLabel="Reenviar"
        pending={redrive.isPending}
        onConfirm={() => confirming && redrive.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming &&
          `${messages(confirming.depth)} de ${confirming.name} voltarão para ${confirming.source} e serão processadas de novo. Corrija a causa da falha antes: se ela continuar, as mensagens voltam para cá depois das novas tentativas. O reenvio fica registrado na auditoria.`}
      </ConfirmDialog>
    </Stack>
  );
}
