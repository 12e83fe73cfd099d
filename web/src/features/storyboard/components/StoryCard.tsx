// One pauta on the board: priority, title, description, tags, deadline (late ones stand out), city,
// who wrote it; its status selector (any status to any other; cancelling asks first), its assignee
// and the draft article written from it.
import { memo } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendar, IconFileText, IconMapPin, IconPencil, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import {
  isOverdue,
  STORY_PRIORITY_LABELS,
  STORY_STATUS_LABELS,
  STORY_STATUSES,
  type StoryPriority,
  type StoryStatus,
} from '../../../../../shared/storyboard';
import { formatDate } from '../../../lib/format';
import { useComboboxField } from '../../articles/hooks/useComboboxField';
import { editArticlePath } from '../../articles/lib/paths';
import type { StaffMember, StoryIdea } from '../api/storyboard';
import { draftState } from '../lib/draft';
import { staffOptions } from '../lib/staff';

export const PRIORITY_COLORS: Record<StoryPriority, string> = { low: 'gray', medium: 'blue', high: 'orange', urgent: 'red' };

const STATUS_OPTIONS = STORY_STATUSES.map((status) => ({ value: status, label: STORY_STATUS_LABELS[status] }));

/** '30 de nov. de 2026' for a calendar date (read at noon UTC: the same day in Brasília). */
const deadlineLabel = (deadline: string) => formatDate(`${deadline}T12:00:00Z`);

interface StoryCardProps {
  idea: StoryIdea;
  staff: StaffMember[] | undefined;
  today: string;
  busy: boolean;
  onStatus: (idea: StoryIdea, status: StoryStatus) => void;
  onAssign: (idea: StoryIdea, assignee: string | null) => void;
}

export const StoryCard = memo(function StoryCard({ idea, staff, today, busy, onStatus, onAssign }: StoryCardProps) {
  const navigate = useNavigate();
  const statusField = useComboboxField();
  const assigneeField = useComboboxField();
  const late = isOverdue(idea, today);
  const closed = idea.status === 'cancelled';

  return (
    <Paper
      component="article"
      aria-label={idea.title}
      withBorder
      radius="md"
      p="md"
      className="story-card"
      data-late={late || undefined}
      data-status={idea.status}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge color={PRIORITY_COLORS[idea.priority]} variant="light">
            {STORY_PRIORITY_LABELS[idea.priority]}
          </Badge>
          {late ? (
            <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              Atrasada
            </Badge>
          ) : (
            idea.status === 'cancelled' && (
              <Badge color="gray" variant="outline">
                Cancelada
              </Badge>
            )
          )}
        </Group>
        <Stack gap={4}>
          <Title order={3} size="h5" lh={1.3} td={closed ? 'line-through' : undefined}>
            {idea.title}
          </Title>
          <Text size="sm" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
            {idea.description}
          </Text>
        </Stack>
        {idea.tags.length > 0 && (
          <Group gap={4}>
            {idea.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="default" tt="none" fw={500}>
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Stack gap={4}>
          {idea.deadline && (
            <Group gap={6} wrap="nowrap" c={late ? 'red.7' : undefined}>
              <IconCalendar size={16} aria-hidden />
              <Text size="sm" fw={late ? 700 : undefined} c={late ? 'red.7' : undefined}>
                Prazo: {deadlineLabel(idea.deadline)}
              </Text>
            </Group>
          )}
          {idea.city && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{idea.city}</Text>
            </Group>
          )}
          <Group gap={6} wrap="nowrap">
            <IconUser size={16} aria-hidden />
            <Text size="xs" c="dimmed">
              Criada por {idea.created_by_name ?? 'alguém da equipe'} em {formatDate(idea.created_at)}
            </Text>
          </Group>
        </Stack>
        <SimpleGrid cols={2} spacing="xs" mt="auto">
          <Select
            {...statusField}
            label="Status"
            size="xs"
            data={STATUS_OPTIONS}
            value={idea.status}
            allowDeselect={false}
            disabled={busy}
            onChange={(value) => value && value !== idea.status && onStatus(idea, value as StoryStatus)}
          />
          <Select
            {...assigneeField}
            label="Responsável"
            size="xs"
            placeholder="Ninguém"
            data={staffOptions(staff ?? [], { id: idea.assigned_to, name: idea.assignee_name })}
            value={idea.assigned_to}
            searchable
            clearable
            disabled={busy}
            nothingFoundMessage="Ninguém encontrado"
            onChange={(value) => value !== idea.assigned_to && onAssign(idea, value)}
          />
        </SimpleGrid>
        {idea.article_id ? (
          <Button component={Link} to={editArticlePath(idea.article_id)} variant="light" size="xs" leftSection={<IconFileText size={14} />}>
            Abrir rascunho
          </Button>
        ) : (
          !closed && (
            <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={() => navigate('/create', { state: draftState(idea) })}>
              Criar rascunho
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
});
