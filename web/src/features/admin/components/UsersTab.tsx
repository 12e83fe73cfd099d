// Admin › Usuários: every account, newest first, searchable by name or e-mail and paged; a role is
// assigned from the row (author, editor or master) and removed from its badge, after confirmation.
// The server records who assigned it and refuses to leave the portal without a master.
import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROLES, type Role } from '../../../../../shared/roles';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { assignRole, listUsers, removeRole, type AdminUser } from '../api/admin';
import { adminKeys } from '../api/keys';
import { ListState, LoadMore, usePagedList } from './AdminTable';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

function AssignRole({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<string | null>(null);
  const assign = useMutation({
    mutationFn: (chosen: Role) => assignRole(user.id, chosen),
    onSuccess: () => {
      notifySuccess('Papel atribuído com sucesso.');
      setRole(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível atribuir o papel.')),
  });
  const available = ROLE_OPTIONS.filter((option) => !user.roles.includes(option.value));
  // A profile an import made has no account to give a role to.
  if (available.length === 0 || !user.has_account) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label={`Papel para ${user.full_name}`}
        placeholder="Papel"
        data={available}
        value={role}
        onChange={setRole}
        size="xs"
        w={110}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        size="xs"
        variant="light"
        loading={assign.isPending}
        onClick={() => (role ? assign.mutate(role as Role) : notifyError('Erro', 'Selecione um usuário e um papel.'))}
      >
        Atribuir
      </Button>
    </Group>
  );
}

export default function UsersTab() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const { query: users, rows } = usePagedList(adminKeys.users(q), (cursor) => listUsers(q, cursor));
  const [removing, setRemoving] = useState<{ user: AdminUser; role: Role } | null>(null);
  const remove = useMutation({
    mutationFn: ({ user, role }: { user: AdminUser; role: Role }) => removeRole(user.id, role),
    onSuccess: () => {
      notifySuccess('Papel removido com sucesso.');
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível remover o papel.')),
  });


  return (
    <Stack gap="md">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Buscar por nome ou e-mail"
        aria-label="Buscar usuários"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <ListState query={users} empty={rows.length === 0} what="os usuários" emptyText={q ? `Nenhum usuário encontrado para "${q}".` : 'Nenhum usuário cadastrado.'}>
          <Table verticalSpacing="sm" highlightOnHover miw={760} className="stack-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Papéis</Table.Th>
                <Table.Th>Qualidade</Table.Th>
                <Table.Th>Desde</Table.Th>
                <Table.Th>Atribuir papel</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td fw={500} data-primary>
                    {user.full_name || 'Autor Anônimo'}
                  </Table.Td>
                  <Table.Td data-primary>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {user.roles.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {user.has_account ? 'Leitor' : 'Perfil sem conta (importação)'}
                      </Text>
                    ) : (
                      <Group gap={6}>
                        {user.roles.map((role) => (
                          <Badge
                            key={role}
                            variant="light"
                            tt="none"
                            pr={3}
                            rightSection={
                              <CloseButton
                                size="xs"
                                aria-label={`Remover papel ${ROLE_LABELS[role]} de ${user.full_name}`}
                                onClick={() => setRemoving({ user, role })}
                              />
                            }
                          >
                            {ROLE_LABELS[role]}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Qualidade">{user.quality_score === null ? '—' : `${user.quality_score.toFixed(1).replace('.', ',')}/10`}</Table.Td>
                  <Table.Td data-label="Desde">{formatDate(user.created_at)}</Table.Td>
                  <Table.Td data-primary>
                    <AssignRole user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
      </ListState>
      <LoadMore query={users} label="Carregar mais usuários" />
      <ConfirmDialog
        opened={removing !== null}
        title="Remover papel"
        confirmLabel="Remover"
        danger
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing ? `${removing.user.full_name} deixará de ter o papel ${ROLE_LABELS[removing.role]}.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
