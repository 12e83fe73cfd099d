// Who wrote a review or a comment, and when: avatar, name and date, on one line.
import type { ReactNode } from 'react';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { PersonRef } from '../../../../../shared/editorial';
import { formatCardDateTime } from '../../../lib/format';

interface PersonLineProps {
  person: PersonRef;
  at: string;
  /** Beside the name (a status badge, a delete button). */
  aside?: ReactNode;
}

export function PersonLine({ person, at, aside }: PersonLineProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={person.avatar_url || null} name={person.full_name} color="initials" size="sm" alt="" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {person.full_name}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={at}>
            {formatCardDateTime(at)}
          </Text>
        </Stack>
      </Group>
      {aside}
    </Group>
  );
}
