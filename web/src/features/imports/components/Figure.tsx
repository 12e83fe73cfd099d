// One labelled number of a session (importados, com erro, linhas/s…).
import { Paper, Text } from '@mantine/core';

export function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className="import-figure">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="lg" fw={700} lh={1.3} c={color} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
