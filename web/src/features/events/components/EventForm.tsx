// The event form (spec 5 "Event (create and edit)"): title, description (rich text), start and
// optional end (Brasília time; past days disabled in the pickers on create only), place, city (the
// cities of published articles), cover (the articles' upload path) and status.
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { Button, Grid, Input, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CityCount } from '../../../../../shared/api-types';
import { cityLabel } from '../../../../../shared/article-rules';
import { CREATE_STATUSES, EVENT_LIMITS, EVENT_STATUS_LABELS, EVENT_STATUSES, type EventStatus } from '../../../../../shared/event-rules';
import { notifyError } from '../../../lib/notify';
import { CoverField } from '../../articles/components/editor/CoverField';
import { formProblem, nowInput, type EventField, type EventFormValues } from '../lib/form';

const RichTextField = lazy(() => import('../../articles/components/editor/RichTextField'));

interface EventFormProps {
  mode: 'create' | 'edit';
  initial: EventFormValues;
  /** The city options: cities of published articles (plus the event's own, when it has left that list). */
  cities: readonly CityCount[];
  /** The city of the event being edited, labelled, in case it is not among `cities`. */
  currentCity?: { path: string; label: string };
  pending: boolean;
  /** A field the server refused, with its message. */
  serverError?: { field?: string; message: string } | null;
  onSubmit: (values: EventFormValues) => void;
  cancelTo: string;
}

export function EventForm({ mode, initial, cities, currentCity, pending, serverError, onSubmit, cancelTo }: EventFormProps) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  // Past days are disabled on create only (spec 5): the earliest choice is this minute.
  const [earliest] = useState(() => (mode === 'create' ? nowInput() : undefined));

  const options = useMemo(() => {
    const list = cities.map((city) => ({ value: city.location_path, label: cityLabel(city.location_name, city.state_code) }));
    if (currentCity && !list.some((option) => option.value === currentCity.path)) list.unshift({ value: currentCity.path, label: currentCity.label });
    return list.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  }, [cities, currentCity]);

  const statuses: readonly EventStatus[] = mode === 'create' ? CREATE_STATUSES : EVENT_STATUSES;
  const shown = problem ?? serverError ?? null;
  const errorFor = (field: EventField) => (shown?.field === field ? shown.message : undefined);

  function set<K extends EventField>(field: K, value: EventFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (problem?.field === field) setProblem(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = formProblem(values, mode);
    setProblem(found);
    if (found) {
      notifyError('Erro de validação', found.message);
      return;
    }
    onSubmit(values);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Novo evento' : 'Editar evento'}>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <TextInput
                label="Título"
                value={values.title}
                onChange={(event) => set('title', event.currentTarget.value)}
                error={errorFor('title')}
                maxLength={EVENT_LIMITS.titleMax}
                required
                size="md"
              />
              <Suspense
                fallback={
                  <Stack gap={4} aria-busy="true" aria-label="Carregando editor">
                    <Skeleton height={18} width={90} />
                    <Skeleton height={220} />
                  </Stack>
                }
              >
                <RichTextField label="Descrição" initialContent={initial.description} onChange={(html) => set('description', html)} error={errorFor('description')} />
              </Suspense>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  type="datetime-local"
                  label="Data e hora de início"
                  description="Horário de Brasília"
                  value={values.event_date}
                  min={earliest}
                  onChange={(event) => set('event_date', event.currentTarget.value)}
                  error={errorFor('event_date')}
                  required
                />
                <TextInput
                  type="datetime-local"
                  label="Data e hora de término"
                  description="Opcional"
                  value={values.end_date}
                  min={mode === 'create' ? values.event_date || earliest : undefined}
                  onChange={(event) => set('end_date', event.currentTarget.value)}
                  error={errorFor('end_date')}
                />
              </SimpleGrid>
              <TextInput
                label="Local"
                description="Nome do espaço e endereço"
                value={values.location}
                onChange={(event) => set('location', event.currentTarget.value)}
                error={errorFor('location')}
                maxLength={EVENT_LIMITS.locationMax}
                required
              />
              <Select
                label="Cidade"
                placeholder="Escolha a cidade"
                data={options}
                value={values.city || null}
                onChange={(value) => set('city', value ?? '')}
                error={errorFor('city')}
                searchable
                nothingFoundMessage="Nenhuma cidade encontrada"
                required
                comboboxProps={{ withinPortal: true }}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg" component="section" aria-label="Imagem de capa">
              <CoverField value={values.cover_image} onChange={(url) => set('cover_image', url)} error={errorFor('cover_image')} onUploadingChange={setUploading} />
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Stack gap="md">
                <Input.Wrapper label="Status" error={errorFor('status')}>
                  <SegmentedControl
                    fullWidth
                    mt={4}
                    value={values.status}
                    onChange={(value) => set('status', value as EventStatus)}
                    data={statuses.map((status) => ({ value: status, label: EVENT_STATUS_LABELS[status] }))}
                    aria-label="Status"
                  />
                </Input.Wrapper>
                {/* One above the other: side by side, half a narrow column clipped 'Salvar alterações'. */}
                <Stack gap="xs">
                  <Button type="submit" loading={pending} disabled={uploading} fullWidth>
                    {mode === 'create' ? 'Criar evento' : 'Salvar alterações'}
                  </Button>
                  <Button component={Link} to={cancelTo} variant="default" fullWidth>
                    Cancelar
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
