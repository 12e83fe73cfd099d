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
  claim_master: 'Assumiu como Master',
  create_menu_item: 'Criou item do menu',
  update_menu_item: 'Editou item do menu',
  delete_menu_item: 'Excluiu item do menu',
  send_newsletter: 'Enviou newsletter',
  send_newsletter_test: 'Enviou teste da newsletter',
  add_newsletter_subscriber: 'Adicionou inscrito na newsletter',
  unsubscribe_newsletter_subscriber: 'Cancelou inscrição na newsletter',
  start_import: 'Iniciou importação',
  save_analytics_settings: 'Salvou configurações de analytics',
  redrive_dead_letter_queue: 'Reenviou mensagens de fila com falha',
  reset_mfa: 'Redefiniu a verificação em duas etapas',
};

/** The entry's facts in words: whom ('Ana Lima'), 'Publicado', 'Papel: Editor', '“Título”', 'Item: Esportes'… */
function describeAudit(entry: AuditLogEntry): string {
  const parts: string[] = [];
  const { details } = entry;
  if (entry.target_name) parts.push(entry.target_name);
  if (typeof details.label === 'string') parts.push(`Item: ${details.label}`);
  if (typeof details.subject === 'string') parts.push(`Assunto: ${details.subject}`);
  if (typeof details.audience === 'number') parts.push(`${details.audience} inscritos`);
  if (typeof details.file_name === 'string') parts.push(`Arquivo: ${details.file_name}`);
  if (typeof details.total_records === 'number') parts.push(`${details.total_records} registros`);
  if (typeof details.queue === 'string') parts.push(`Fila: ${details.queue}`);
  if (typeof details.messages === 'number') parts.push(details.messages === 1 ? '1 mensagem' : `${details.messages} mensagens`);
  if (typeof details.propertyId === 'string') parts.push(`Propriedade GA4: ${details.propertyId}`);
  if (typeof details.networkCode === 'string') parts.push(`Ad Manager: ${details.networkCode}`);
  if (details.newKey === true) parts.push('nova chave de serviço');
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
                  <Text size="sm">{describeAudit(entry)}</Text>
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
