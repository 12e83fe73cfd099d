// Admin › Auditoria: the latest entries of the audit log (who did what, when, to what), newest first.
import { Badge, Stack, Table, Text } from '@mantine/core';
import { ROLE_LABELS, isRole } from '../../../../../shared/roles';
import { STATUS_LABELS } from '../../../../../shared/article-rules';
import { formatCardDateTime } from '../../../lib/format';
import { listAudit, type AuditLogEntry } from '../api/admin';
import { adminKeys } from '../api/keys';
import { ListState, LoadMore, usePagedList } from './AdminTable';

const ACTION_LABELS: Record<string, string> = {
  update_article: 'Atualizou artigo',
  change_article_status: 'Mudou status de artigo',
  delete_article: 'Excluiu artigo',
  assign_role: 'Atribuiu papel',
  remove_role: 'Removeu papel',
  approve_application: 'Aprovou candidatura',
  reject_application: 'Rejeitou candidatura',
  delete_event: 'Excluiu evento',
};

/** The entry's facts in words: 'Publicado', 'Papel: Editor', 'Título: …'. */
function describe(entry: AuditLogEntry): string {
  const parts: string[] = [];
  const { details } = entry;
  if (typeof details.title === 'string') parts.push(`“${details.title}”`);
  if (typeof details.status === 'string') parts.push(STATUS_LABELS[details.status as keyof typeof STATUS_LABELS] ?? details.status);
  if (isRole(details.role)) parts.push(`Papel: ${ROLE_LABELS[details.role]}`);
  if (details.hasAI === true) parts.push('com análise de IA');
  if (typeof details.email === 'string') parts.push(details.email);
  return parts.join(' · ');
}

export default function AuditTab() {
  const { query: audit, rows } = usePagedList(adminKeys.audit(), listAudit);
  return (
    <Stack gap="md">
      <ListState query={audit} empty={rows.length === 0} what="o registro de auditoria" emptyText="Nenhuma ação registrada ainda.">
        <Table verticalSpacing="sm" miw={720} className="stack-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Quando</Table.Th>
              <Table.Th>Quem</Table.Th>
              <Table.Th>O quê</Table.Th>
              <Table.Th>Detalhes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatCardDateTime(entry.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>{entry.user_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none">
                    {ACTION_LABELS[entry.action] ?? entry.action}
                  </Badge>
                </Table.Td>
                <Table.Td data-primary>
                  <Text size="sm">{describe(entry)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
      <LoadMore query={audit} label="Carregar mais" />
    </Stack>
  );
}
