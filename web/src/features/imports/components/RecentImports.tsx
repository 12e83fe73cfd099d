// "Importações recentes": the last 10 sessions, whoever started them, newest first, each opened on the
// page by its address (?sessao=<id>).
import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IMPORT_STATUS_LABELS, type ImportStatus } from '../../../../../shared/imports';
import { errorMessage } from '../../../lib/api';
import { formatCardDateTime, formatNumber } from '../../../lib/format';
import { LoadError } from '../../analytics/components/LoadError';
import { useImportSessions } from '../hooks/useImports';

export const STATUS_COLORS: Record<ImportStatus, string> = { running: 'blue', completed: 'teal', failed: 'red' };

export const sessionSearch = (id: string) => `?${new URLSearchParams({ sessao: id }).toString()}`;

export function RecentImports({ currentId }: { currentId: string | null }) {
  const sessions = useImportSessions();

  let body;
  if (sessions.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando importações recentes">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} radius="sm" />
        ))}
      </Stack>
    );
  } else if (sessions.isError) {
    body = (
      <LoadError
        message={errorMessage(sessions.error, 'Não foi possível carregar as importações recentes.')}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  } else if (sessions.data.sessions.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        <Text size="sm" c="dimmed" ta="center">
          Nenhuma importação ainda.
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" highlightOnHover miw={680} aria-label="Importações recentes" className="stack-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Arquivo</Table.Th>
              <Table.Th>Início</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Importados</Table.Th>
              <Table.Th ta="right">Com erro</Table.Th>
              <Table.Th aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.sessions.map((session) => {
              const current = session.id === currentId;
              return (
                <Table.Tr key={session.id} bg={current ? 'var(--mantine-color-blue-light)' : undefined} aria-current={current || undefined}>
                  <Table.Td data-primary>
                    <Text size="sm" fw={500} className="import-file-name" maw={260} title={session.file_name}>
                      {session.file_name}
                    </Text>
                    {session.started_by_name && (
                      <Text size="xs" c="dimmed">
                        por {session.started_by_name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Início">
                    {formatCardDateTime(session.started_at)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[session.status]} variant="light" tt="none">
                      {IMPORT_STATUS_LABELS[session.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" data-label="Importados">
                    {formatNumber(session.successful_records)}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Com erro">
                    {formatNumber(session.failed_records)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {current ? (
                      <Text size="sm" c="dimmed">
                        Aberta
                      </Text>
                    ) : (
                      <Anchor component={Link} to={{ search: sessionSearch(session.id) }} size="sm" aria-label={`Abrir a importação de ${session.file_name}`}>
                        Abrir
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-imports-title">
      <Title order={2} size="h4" id="recent-imports-title">
        Importações recentes
      </Title>
      {body}
    </Stack>
  );
}
