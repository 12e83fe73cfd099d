// The one "could not load" state of the app: what failed, and a button to try again.
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  /** The button shows its progress while the new attempt runs. */
  retrying?: boolean;
  /** Inside a card (a dashboard or side card): no frame of its own, no icon. */
  compact?: boolean;
}

export function RetryAlert({ message, onRetry, retrying = false, compact = false }: RetryAlertProps) {
  return (
    <Paper withBorder={!compact} radius="md" p={compact ? 0 : 'xl'}>
      <Stack align={compact ? 'flex-start' : 'center'} ta={compact ? undefined : 'center'} gap={compact ? 'xs' : 'sm'}>
        {!compact && <IconAlertTriangle size={28} color="var(--mantine-color-red-7)" aria-hidden />}
        <Text size="sm" c="dimmed">
          {message}
        </Text>
        <Button variant="light" size={compact ? 'xs' : 'sm'} loading={retrying} onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Paper>
  );
}
