// The new-pauta dialog (spec 5 "Other"): title and description required, priority from low to urgent
// (medium unless chosen), tags typed with commas, and an assignee from the staff, a deadline and a
// city, each optional. The shared schema checks the form here and again on the server.
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  STORY_LIMITS,
  STORY_MESSAGES,
  STORY_PRIORITIES,
  STORY_PRIORITY_LABELS,
  storyIdeaCreateSchema,
  type StoryPriority,
} from '../../../../../shared/storyboard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CityField } from '../../articles/components/editor/CityField';
import { useComboboxField } from '../../articles/hooks/useComboboxField';
import { isClientError, requestMessage } from '../../articles/lib/errors';
import { useCreateIdea } from '../hooks/useStoryboard';
import { staffOptions } from '../lib/staff';
import type { StaffMember } from '../api/storyboard';

interface Values {
  title: string;
  description: string;
  priority: StoryPriority;
  tags: string;
  assigned_to: string | null;
  deadline: string;
  city_code: string | null;
}

const EMPTY: Values = { title: '', description: '', priority: 'medium', tags: '', assigned_to: null, deadline: '', city_code: null };

const PRIORITY_OPTIONS = STORY_PRIORITIES.map((priority) => ({ value: priority, label: STORY_PRIORITY_LABELS[priority] }));

interface Issue {
  field?: string;
  message: string;
}

function StoryForm({ staff, staffLoading, onDone }: { staff: StaffMember[] | undefined; staffLoading: boolean; onDone: () => void }) {
  const create = useCreateIdea();
  const [values, setValues] = useState<Values>(EMPTY);
  const [issue, setIssue] = useState<Issue | null>(null);
  const priorityField = useComboboxField();
  const assigneeField = useComboboxField();

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setIssue((previous) => (previous?.field === field ? null : previous));
  };
  const errorFor = (field: keyof Values) => (issue?.field === field ? issue.message : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = storyIdeaCreateSchema.safeParse(values);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      setIssue({ field: first?.path[0]?.toString(), message: first?.message ?? STORY_MESSAGES.createError });
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(STORY_MESSAGES.created);
        onDone();
      },
      onError: (error) => {
        if (isClientError(error) && error.field) setIssue({ field: error.field, message: error.message });
        notifyError('Erro', requestMessage(error, STORY_MESSAGES.createError));
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Nova pauta">
      <Stack gap="md">
        <TextInput
          label="Título"
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errorFor('title')}
          maxLength={STORY_LIMITS.titleMax}
          required
          data-autofocus
        />
        <Textarea
          label="Descrição"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errorFor('description')}
          maxLength={STORY_LIMITS.descriptionMax}
          autosize
          minRows={3}
          maxRows={8}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            {...priorityField}
            label="Prioridade"
            data={PRIORITY_OPTIONS}
            value={values.priority}
            onChange={(value) => set('priority', (value ?? 'medium') as StoryPriority)}
            allowDeselect={false}
            error={errorFor('priority')}
          />
          <TextInput
            label="Prazo"
            type="date"
            value={values.deadline}
            onChange={(event) => set('deadline', event.currentTarget.value)}
            error={errorFor('deadline')}
          />
        </SimpleGrid>
        <Select
          {...assigneeField}
          label="Responsável"
          placeholder={staffLoading ? 'Carregando equipe…' : 'Ninguém por enquanto'}
          data={staffOptions(staff ?? [])}
          value={values.assigned_to}
          onChange={(value) => set('assigned_to', value)}
          searchable
          clearable
          nothingFoundMessage="Ninguém encontrado"
          error={errorFor('assigned_to')}
        />
        <TextInput
          label="Tags"
          description="Separe as tags por vírgulas."
          placeholder="saúde, transporte, bairro"
          value={values.tags}
          onChange={(event) => set('tags', event.currentTarget.value)}
          error={errorFor('tags')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <CityField label="Cidade" description={null} value={values.city_code} onChange={(code) => set('city_code', code)} error={errorFor('city_code')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar pauta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function NewStoryDialog({ opened, onClose, staff, staffLoading }: { opened: boolean; onClose: () => void; staff: StaffMember[] | undefined; staffLoading: boolean }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Nova pauta" centered size="lg">
      {/* Mounted only while open: each new pauta starts from an empty form. */}
      {opened && <StoryForm staff={staff} staffLoading={staffLoading} onDone={onClose} />}
    </Modal>
  );
}
