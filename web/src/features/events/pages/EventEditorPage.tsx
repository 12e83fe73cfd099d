// /events/create and /events/:id/edit (spec 5, 6): authors, editors and masters create; the
// organizer, editors and masters edit. Signed out: 'Você precisa estar autenticado' and /auth.
import { useEffect, useRef, useState } from 'react';
import { Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { cityLabel } from '../../../../../shared/article-rules';
import { EVENT_MESSAGES, eventPath, type EventView } from '../../../../../shared/event-rules';
import { can } from '../../../../../shared/roles';
import { useAuth } from '../../../auth/context';
import { useMe } from '../../../auth/useMe';
import { PageLoader } from '../../../components/PageLoader';
import { ApiRequestError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { isClientError, requestMessage } from '../../articles/lib/errors';
import { createEvent, fetchEvent, fetchEvents, updateEvent } from '../api/events';
import { eventKeys } from '../api/keys';
import { EventForm } from '../components/EventForm';
import { EMPTY_EVENT, eventInput, formValuesOf, type EventFormValues } from '../lib/form';
import '../../../styles/staff.css';

function FormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando evento">
      <Skeleton height={36} width="40%" />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Skeleton height={520} radius="md" style={{ flex: 2 }} />
        <Skeleton height={320} radius="md" style={{ flex: 1 }} visibleFrom="md" />
      </Group>
    </Stack>
  );
}

function Forbidden({ message }: { message: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconLock size={32} color="var(--mantine-color-gray-6)" aria-hidden />
        <Text fw={500}>{message}</Text>
        <Button component={Link} to="/events" variant="default">
          Voltar para eventos
        </Button>
      </Stack>
    </Paper>
  );
}

/** The cities of published articles, the form's options (the agenda's first page carries them). */
function useCityOptions() {
  return useQuery({ queryKey: [...eventKeys.all(), 'cities'], queryFn: async ({ signal }) => (await fetchEvents(null, null, signal)).cities, staleTime: 300_000 });
}

/** The server's refusal, shown on its field; a 4xx keeps its message, anything else the spec's toast alone. */
function serverProblem(error: unknown): { field?: string; message: string } | null {
  return error instanceof ApiRequestError && isClientError(error) ? { field: error.field, message: error.message } : null;
}

function useSaved() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (saved: EventView, message: string) => {
    void client.invalidateQueries({ queryKey: eventKeys.all() });
    notifySuccess(message);
    navigate(eventPath(saved.id));
  };
}

function CreateEvent() {
  const me = useMe();
  const cities = useCityOptions();
  const saved = useSaved();
  const create = useMutation({
    // The create form offers draft and published only.
    mutationFn: (values: EventFormValues) => createEvent({ ...eventInput(values), status: values.status === 'published' ? 'published' : 'draft' }),
    onSuccess: (event) => saved(event, EVENT_MESSAGES.created),
    onError: (error) => notifyError(EVENT_MESSAGES.createError, requestMessage(error, '') || undefined),
  });

  if (me.isPending || cities.isPending) return <FormSkeleton />;
  if (!can(me.data?.roles ?? [], 'events.create')) return <Forbidden message={EVENT_MESSAGES.createForbidden} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Novo evento</Title>
      <EventForm
        mode="create"
        initial={EMPTY_EVENT}
        cities={cities.data ?? []}
        pending={create.isPending}
        serverError={serverProblem(create.error)}
        onSubmit={(values) => create.mutate(values)}
        cancelTo="/events"
      />
    </Stack>
  );
}

function EditEvent({ id }: { id: string }) {
  const navigate = useNavigate();
  const cities = useCityOptions();
  const saved = useSaved();
  const reported = useRef<unknown>(null);
  const event = useQuery({
    queryKey: [...eventKeys.all(), 'editing', id],
    queryFn: ({ signal }) => fetchEvent(id, signal),
    retry: (failures, error) => !isClientError(error) && failures < 1,
  });
  const update = useMutation({
    mutationFn: (values: EventFormValues) => updateEvent(id, eventInput(values)),
    onSuccess: (updated) => saved(updated, EVENT_MESSAGES.updated),
    onError: (error) => notifyError(EVENT_MESSAGES.updateError, requestMessage(error, '') || undefined),
  });

  // Spec 8: 'Erro ao carregar evento', back to the agenda.
  useEffect(() => {
    if (!event.error || reported.current === event.error) return;
    reported.current = event.error;
    notifyError(EVENT_MESSAGES.loadError);
    navigate('/events', { replace: true });
  }, [event.error, navigate]);

  if (event.isPending || event.isError || cities.isPending) return <FormSkeleton />;
  const current = event.data;
  if (!current.can_edit) return <Forbidden message={EVENT_MESSAGES.editForbidden} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Editar evento</Title>
      <EventForm
        mode="edit"
        initial={formValuesOf(current)}
        cities={cities.data ?? []}
        currentCity={{ path: current.city, label: cityLabel(current.city_name, current.state_code) }}
        pending={update.isPending}
        serverError={serverProblem(update.error)}
        onSubmit={(values) => update.mutate(values)}
        cancelTo={eventPath(current.id)}
      />
    </Stack>
  );
}

export default function EventEditorPage() {
  const { id } = useParams<{ id: string }>();
  const { status } = useAuth();
  const location = useLocation();
  const [told, setTold] = useState(false);
  usePageMeta(pageTitle(id ? 'Editar evento' : 'Novo evento'));

  // Spec 6: editing (and creating) needs a session.
  useEffect(() => {
    if (status !== 'signedOut' || told) return;
    setTold(true);
    notifyError(EVENT_MESSAGES.notAuthenticated);
  }, [status, told]);

  if (status === 'loading') return <PageLoader label="Verificando sessão..." />;
  if (status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return (
    <Container size="lg" py="xl">
      {id ? <EditEvent key={id} id={id} /> : <CreateEvent />}
    </Container>
  );
}
