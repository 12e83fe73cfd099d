// A calm line under a section: why a figure is unavailable, or why the connected source was not used.
import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

export function InfoLine({ children }: { children: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" mt="xs">
      <IconInfoCircle size={16} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
