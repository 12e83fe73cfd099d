// 'Erro ao carregar dados' with what failed and a button to try again.
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" ta="center" gap={6}>
        <IconAlertTriangle size={24} color="var(--mantine-color-red-7)" aria-hidden />
        <Text fw={600}>Erro ao carregar dados</Text>
        <Text size="sm" c="dimmed">
          {message}
        </Text>
        <Button variant="light" size="xs" mt={4} loading={retrying} onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Paper>
  );
}
