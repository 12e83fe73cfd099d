// Admin › Solicitações LGPD: every copy and deletion asked for, newest first, with its state. A
// deletion's row opens to its steps: each context done, when, and how many items it removed or
// anonymised (counts only, never the data). A completed deletion keeps no link to the account.
import { Fragment, useState } from 'react';
import { ActionIcon, Badge, List, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { formatCardDateTime } from '../../../lib/format';
import { ListState, LoadMore, usePagedList } from '../../admin/components/AdminTable';
import { listAdminRequests, privacyKeys, type AdminDataRequest } from '../api/requests';
import { progressText, REQUEST_STATUS_COLORS, requestKindLabel, requestStatusLabel, stepSummary } from '../lib/data-requests';

const COLUMNS = 7;

function Steps({ request }: { request: AdminDataRequest }) {
  if (request.steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma etapa concluída ainda.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2}>
      {request.steps.map((step) => (
        <List.Item key={step.context}>
          {stepSummary(step)}{' '}
          <Text span size="xs" c="dimmed">
            ({formatCardDateTime(step.at)})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function Row({ request }: { request: AdminDataRequest }) {
  const [open, setOpen] = useState(false);
  const deletion = request.kind === 'deletion';
  const detailsId = `lgpd-steps-${request.id}`;

  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>{requestKindLabel(request)}</Table.Td>
        <Table.Td>
          <Badge color={REQUEST_STATUS_COLORS[request.status]} variant="light" tt="none">
            {requestStatusLabel(request)}
          </Badge>
          {request.error && (
            <Text size="xs" c="red.8" mt={2}>
              {request.error}
            </Text>
          )}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Solicitada em">{formatCardDateTime(request.created_at)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Concluída em">{formatCardDateTime(request.completed_at) || '—'}</Table.Td>
        <Table.Td>
          {request.email ? (
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {request.email}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              Conta excluída
            </Text>
          )}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Progresso">{progressText(request)}</Table.Td>
        <Table.Td>
          {deletion && (
            <Tooltip label={open ? 'Ocultar etapas' : 'Ver etapas'}>
              <ActionIcon
                variant="subtle"
                aria-label={`${open ? 'Ocultar' : 'Ver'} etapas da exclusão de ${formatCardDateTime(request.created_at)}`}
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setOpen((value) => !value)}
              >
                {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </Table.Td>
      </Table.Tr>
      {deletion && (
        <Table.Tr id={detailsId} hidden={!open}>
          {open && (
            <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-gray-0)">
              <Stack gap={4} py={4}>
                <Text size="xs" c="dimmed" fw={600}>
                  Etapas concluídas: {progressText(request)}
                </Text>
                <Steps request={request} />
              </Stack>
            </Table.Td>
          )}
        </Table.Tr>
      )}
    </Fragment>
  );
}

export default function DataRequestsTab() {
  const { query, rows } = usePagedList(privacyKeys.admin(), listAdminRequests);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Cópias de dados e exclusões de conta pedidas pelos leitores (LGPD, art. 18). Uma exclusão concluída não guarda vínculo com a conta.
      </Text>
      <ListState query={query} empty={rows.length === 0} what="as solicitações" emptyText="Nenhuma solicitação LGPD ainda.">
        <Table verticalSpacing="sm" miw={860} aria-label="Solicitações LGPD" className="stack-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Solicitada em</Table.Th>
              <Table.Th>Concluída em</Table.Th>
              <Table.Th>Conta</Table.Th>
              <Table.Th>Progresso</Table.Th>
              <Table.Th aria-label="Etapas" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((request) => (
              <Row key={request.id} request={request} />
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
      <LoadMore query={query} label="Carregar mais" />
    </Stack>
  );
}
