// Admin › Usuários: every account, newest first, searchable by name or e-mail and paged; a role is
// assigned from the row (author, editor or master) and removed from its badge, after confirmation.
// The server records who assigned it and refuses to leave the portal without a master. Each row says
// whether two-step verification is on; a lost authenticator is turned off here, after confirmation.
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
import { assignRole, listUsers, removeRole, resetMfa, type AdminUser } from '../api/admin';
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

/** Two-step verification: on (with its reset), or still to be set up by a staff member, whose tools stay closed until then. */
function TwoStep({ user, onReset }: { user: AdminUser; onReset: () => void }) {
  if (user.mfa_enabled) {
    return (
      // Wraps rather than clips: the roles' column is narrow beside the e-mail.
      <Group gap={4} mt={6} wrap="wrap">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Duas etapas: ativa
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onReset} aria-label={`Redefinir a verificação em duas etapas de ${user.full_name}`}>
          Redefinir
        </Button>
      </Group>
    );
  }
  if (user.roles.length === 0) return null;
  return (
    <Text size="xs" c="orange.8" mt={6}>
      Duas etapas: pendente (sem acesso às ferramentas)
    </Text>
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
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const reset = useMutation({
    mutationFn: (user: AdminUser) => resetMfa(user.id),
    onSuccess: () => {
      notifySuccess('Verificação em duas etapas redefinida.');
      setResetting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível redefinir a verificação em duas etapas.')),
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
                    <TwoStep user={user} onReset={() => setResetting(user)} />
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
      <ConfirmDialog
        opened={resetting !== null}
        title="Redefinir verificação em duas etapas"
        confirmLabel="Redefinir"
        danger
        pending={reset.isPending}
        onConfirm={() => resetting && reset.mutate(resetting)}
        onCancel={() => setResetting(null)}
      >
        {resetting
          ? `O aplicativo autenticador de ${resetting.full_name} deixará de valer agora. ${resetting.full_name} entrará só com a senha e${
              resetting.roles.length ? ' precisará configurar um novo aplicativo em Configurações antes de usar as ferramentas da redação' : ' poderá configurar um novo aplicativo em Configurações'
            }. Use quando a pessoa perdeu o celular ou trocou de aparelho.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
