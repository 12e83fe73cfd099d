// Admin › Menu: the secondary menu of the home (spec: label, URL and integer order required). Items are
// listed in their order; the arrows swap an item with its neighbour, the switch turns it on or off.
// The home shows the active ones within seconds (its cached page is purged by the menu's event).
import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, NumberInput, Paper, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { createMenuItem, deleteMenuItem, listMenu, updateMenuItem, type AdminMenuItem, type MenuItemInput } from '../api/admin';
import { adminKeys } from '../api/keys';
import { checkMenuForm, type MenuField, type MenuFieldErrors } from '../lib/menu-form';
import { RowActions } from './AdminTable';

type Editing = { item: AdminMenuItem | null } | null;

function MenuItemForm({ initial, nextOrder, onDone }: { initial: AdminMenuItem | null; nextOrder: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(initial?.label ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [order, setOrder] = useState<string | number>(initial?.display_order ?? nextOrder);
  const [active, setActive] = useState(initial?.is_active ?? true);
  const [errors, setErrors] = useState<MenuFieldErrors>({});
  /** A field's mark goes as soon as it is edited. */
  const edited = (field: MenuField) => setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  const save = useMutation({
    mutationFn: (input: MenuItemInput) => (initial ? updateMenuItem(initial.id, input) : createMenuItem(input)),
    onSuccess: () => {
      notifySuccess(initial ? 'Item atualizado com sucesso' : 'Item criado com sucesso');
      void queryClient.invalidateQueries({ queryKey: adminKeys.menu() });
      onDone();
    },
    onError: (error) => {
      // The server's refusal of a field is marked on it, as the dialog's own check does; anything else is a toast.
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field === 'label' || field === 'url' || field === 'display_order') setErrors({ [field]: error.message });
      else notifyError(initial ? 'Erro ao atualizar item' : 'Erro ao criar item', errorMessage(error, 'Tente novamente.'));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The shared schema the API applies: nothing incomplete is sent, each problem is marked on its field.
    const checked = checkMenuForm({ label, url, order, active });
    setErrors(checked.errors ?? {});
    if (checked.input) save.mutate(checked.input);
  }

  return (
    <form noValidate onSubmit={submit} aria-label={initial ? 'Editar item do menu' : 'Novo item do menu'}>
      <Stack gap="md">
        <TextInput
          label="Rótulo"
          value={label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            edited('label');
          }}
          error={errors.label}
          required
          data-autofocus
        />
        <TextInput
          label="URL"
          description="Um endereço do portal (/eventos) ou completo (https://…)."
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            edited('url');
          }}
          error={errors.url}
          required
        />
        <NumberInput
          label="Ordem"
          value={order}
          onChange={(value) => {
            setOrder(value);
            edited('display_order');
          }}
          error={errors.display_order}
          allowDecimal={false}
          required
        />
        <Switch label="Ativo (aparece na página inicial)" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {initial ? 'Salvar' : 'Criar item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function MenuTab() {
  const queryClient = useQueryClient();
  const menu = useQuery({ queryKey: adminKeys.menu(), queryFn: listMenu });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminMenuItem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.menu() });

  const toggle = useMutation({
    mutationFn: (item: AdminMenuItem) => updateMenuItem(item.id, { label: item.label, url: item.url, display_order: item.display_order, is_active: !item.is_active }),
    onSuccess: () => {
      notifySuccess('Item atualizado com sucesso');
      void refresh();
    },
    onError: (error) => notifyError('Erro ao atualizar item', errorMessage(error, 'Tente novamente.')),
  });
  const swap = useMutation({
    // The two items trade places; when they share an order, the moved one steps past the other.
    mutationFn: async ({ item, neighbour, up }: { item: AdminMenuItem; neighbour: AdminMenuItem; up: boolean }) => {
      const tied = item.display_order === neighbour.display_order;
      const itemOrder = tied ? neighbour.display_order + (up ? -1 : 1) : neighbour.display_order;
      await updateMenuItem(item.id, { label: item.label, url: item.url, is_active: item.is_active, display_order: itemOrder });
      if (!tied) {
        await updateMenuItem(neighbour.id, { label: neighbour.label, url: neighbour.url, is_active: neighbour.is_active, display_order: item.display_order });
      }
    },
    onSuccess: () => {
      notifySuccess('Item atualizado com sucesso');
      void refresh();
    },
    onError: (error) => notifyError('Erro ao atualizar item', errorMessage(error, 'Tente novamente.')),
  });
  const remove = useMutation({
    mutationFn: (item: AdminMenuItem) => deleteMenuItem(item.id),
    onSuccess: () => {
      notifySuccess('Item deletado com sucesso');
      setRemoving(null);
      void refresh();
    },
    onError: (error) => notifyError('Erro ao deletar item', errorMessage(error, 'Tente novamente.')),
  });

  if (menu.isPending) return <Skeleton height={240} radius="md" />;
  if (menu.isError) return <RetryAlert message="Não foi possível carregar o menu." onRetry={() => void menu.refetch()} retrying={menu.isFetching} />;

  const items = menu.data;
  const nextOrder = items.reduce((max, item) => Math.max(max, item.display_order), 0) + 1;
  const busy = toggle.isPending || swap.isPending;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Links da barra de seções da página inicial, na ordem em que aparecem. Sem itens ativos, a barra não aparece.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
          Novo item
        </Button>
      </Group>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">Nenhum item no menu. Crie o primeiro para exibir a barra de seções na página inicial.</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" highlightOnHover className="stack-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ordem</Table.Th>
                <Table.Th>Rótulo</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th>Ativo</Table.Th>
                <Table.Th aria-label="Ações" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, index) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" w={28}>
                        {item.display_order}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Subir ${item.label}`}
                        disabled={index === 0 || busy}
                        onClick={() => swap.mutate({ item, neighbour: items[index - 1]!, up: true })}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Descer ${item.label}`}
                        disabled={index === items.length - 1 || busy}
                        onClick={() => swap.mutate({ item, neighbour: items[index + 1]!, up: false })}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td fw={500} data-primary>
                    {item.label}
                  </Table.Td>
                  <Table.Td data-primary>
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {item.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${item.label} ativo`}
                      checked={item.is_active}
                      disabled={busy}
                      onChange={() => toggle.mutate(item)}
                      onLabel={<Badge size="xs">on</Badge>}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions name={item.label} edit={() => setEditing({ item })} onDelete={() => setRemoving(item)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.item ? 'Editar item' : 'Novo item'} centered>
        {editing && <MenuItemForm initial={editing.item} nextOrder={nextOrder} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir item do menu"
        confirmLabel="Excluir"
        danger
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {`O item "${removing?.label ?? ''}" deixará de aparecer na página inicial. Esta ação não pode ser desfeita.`}
      </ConfirmDialog>
    </Stack>
  );
}
