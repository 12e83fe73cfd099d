// Newsletter › Inscritos: the master adds an address (saved active), searches by part of the e-mail
// and filters by status (both kept in the address, so a reload or a shared link keeps them), and
// cancels an active subscription after confirming. Newest first, 20 a page.
import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import {
  addSubscriberSchema,
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_SOURCE_LABELS,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type NewsletterSubscriber,
  type SubscriberStatus,
} from '../../../../../shared/newsletter';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatDate } from '../../../lib/format';
import { ListState, LoadMore } from '../../admin/components/AdminTable';
import { useAddSubscriber, useCancelSubscriber, useSubscribers } from '../hooks/useNewsletter';
import { STATUS_COLORS } from '../lib/labels';

const STATUS_OPTIONS = [{ value: '', label: 'Todos os status' }, ...SUBSCRIBER_STATUSES.map((status) => ({ value: status, label: SUBSCRIBER_STATUS_LABELS[status] }))];

const isStatus = (value: string | null): value is SubscriberStatus => SUBSCRIBER_STATUSES.some((status) => status === value);

function AddForm() {
  const add = useAddSubscriber();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = addSubscriberSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.email);
      return;
    }
    add.mutate(parsed.data.email, { onSuccess: () => setEmail('') });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Adicionar inscrito" style={{ flex: '0 1 400px' }}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label="E-mail do novo inscrito"
          placeholder="E-mail do novo inscrito"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" loading={add.isPending}>
          Adicionar
        </Button>
      </Group>
    </form>
  );
}

/** The search box, its text kept in ?q= once the typing pauses. */
function useSearchParam(): [string, (value: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (debounced === q) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);
  return [text, setText, q];
}

function Row({ subscriber, onCancel }: { subscriber: NewsletterSubscriber; onCancel: (subscriber: NewsletterSubscriber) => void }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {subscriber.email}
        </Text>
      </Table.Td>
      <Table.Td data-empty={subscriber.name ? undefined : true}>
        <Text size="sm" c={subscriber.name ? undefined : 'dimmed'}>
          {subscriber.name || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[subscriber.status]} variant="light" tt="none">
          {SUBSCRIBER_STATUS_LABELS[subscriber.status]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Desde">
        <Text size="sm">{formatDate(subscriber.subscribed_at)}</Text>
      </Table.Td>
      <Table.Td data-label="Origem">
        <Text size="sm" c="dimmed">
          {SUBSCRIBER_SOURCE_LABELS[subscriber.source] ?? subscriber.source}
        </Text>
      </Table.Td>
      <Table.Td ta="right" data-empty={subscriber.status === 'active' ? undefined : true}>
        {subscriber.status === 'active' && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onCancel(subscriber)} aria-label={`Cancelar inscrição de ${subscriber.email}`}>
            Cancelar inscrição
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function SubscribersTab() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch, q] = useSearchParam();
  const requestedStatus = params.get('status');
  const status = isStatus(requestedStatus) ? requestedStatus : null;
  const { query, rows } = useSubscribers({ q, status });
  const cancel = useCancelSubscriber();
  const [cancelling, setCancelling] = useState<NewsletterSubscriber | null>(null);

  const setStatus = (value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );

  const filtered = Boolean(q || status);
  const emptyText = filtered ? 'Nenhum inscrito encontrado com esses filtros.' : 'Nenhum inscrito ainda. Adicione o primeiro acima ou espere as inscrições do site.';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" style={{ flex: '1 1 420px' }}>
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder="Buscar por e-mail"
            aria-label="Buscar inscritos por e-mail"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            maw={{ sm: 320 }}
          />
          <Select aria-label="Filtrar por status" data={STATUS_OPTIONS} value={status ?? ''} onChange={setStatus} allowDeselect={false} w={{ base: '100%', xs: 210 }} />
        </Group>
        <AddForm />
      </Group>
      {query.isError && !query.isPending ? (
        <RetryAlert message={NEWSLETTER_MESSAGES.loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ListState query={query} empty={rows.length === 0} what="os inscritos" emptyText={emptyText}>
          <Table verticalSpacing="sm" highlightOnHover miw={820} aria-label="Inscritos" className="stack-table" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Inscrito em</Table.Th>
                <Table.Th>Origem</Table.Th>
                <Table.Th aria-label="Ações" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((subscriber) => (
                <Row key={subscriber.id} subscriber={subscriber} onCancel={setCancelling} />
              ))}
            </Table.Tbody>
          </Table>
        </ListState>
      )}
      <LoadMore query={query} label="Carregar mais" />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancelar inscrição"
        confirmLabel="Cancelar inscrição"
        cancelLabel="Manter"
        danger
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id, { onSettled: () => setCancelling(null) })}
        onCancel={() => setCancelling(null)}
      >
        {cancelling && `${cancelling.email} deixa de receber a newsletter. A pessoa pode se inscrever de novo quando quiser.`}
      </ConfirmDialog>
    </Stack>
  );
}
