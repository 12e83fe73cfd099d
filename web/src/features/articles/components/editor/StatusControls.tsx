// Edit only: the workflow. Editors and masters pick any status the API allows and can publish at once;
// an author sends a draft for review.
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconSend, IconWorldUpload } from '@tabler/icons-react';
import { STATUS_LABELS, type ArticleStatus } from '../../../../../../shared/articles';
import { STATUS_COLORS } from '../../lib/status';
import type { SubmitAction } from '../../hooks/useArticleForm';
import { useComboboxField } from '../../hooks/useComboboxField';
import { statusOptions } from '../../lib/form-values';

interface StatusControlsProps {
  canSetStatus: boolean;
  /** From the API's ArticleDraft. */
  allowed: readonly ArticleStatus[];
  /** The status stored on the server. */
  savedStatus: ArticleStatus;
  /** The status the next save sends. */
  status: ArticleStatus;
  onStatusChange: (status: ArticleStatus) => void;
  pending: SubmitAction | null;
  onAction: (action: 'publish' | 'review') => void;
}

export function StatusControls({ canSetStatus, allowed, savedStatus, status, onStatusChange, pending, onAction }: StatusControlsProps) {
  const busy = pending !== null;
  const field = useComboboxField();
  return (
    <Stack gap="sm">
      {canSetStatus ? (
        <Select
          {...field}
          label="Status"
          data={statusOptions(allowed, savedStatus)}
          value={status}
          onChange={(value) => value && onStatusChange(value as ArticleStatus)}
          allowDeselect={false}
          disabled={busy}
        />
      ) : (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            Status atual:
          </Text>
          <Badge color={STATUS_COLORS[savedStatus]} variant="light" tt="none">
            {STATUS_LABELS[savedStatus]}
          </Badge>
        </Group>
      )}
      {canSetStatus && savedStatus !== 'published' && (
        <Button
          color="teal"
          leftSection={<IconWorldUpload size={16} />}
          loading={pending === 'publish'}
          disabled={busy && pending !== 'publish'}
          onClick={() => onAction('publish')}
          fullWidth
        >
          Publicar
        </Button>
      )}
      {!canSetStatus && savedStatus === 'draft' && (
        <Button
          variant="light"
          leftSection={<IconSend size={16} />}
          loading={pending === 'review'}
          disabled={busy && pending !== 'review'}
          onClick={() => onAction('review')}
          fullWidth
        >
          Enviar para revisão
        </Button>
      )}
      {!canSetStatus && savedStatus === 'review' && (
        <Text size="xs" c="dimmed">
          Um editor vai revisar o artigo antes da publicação.
        </Text>
      )}
    </Stack>
  );
}
