// Who wrote a review or a comment, and when: avatar, name and date, on one line (a wide aside, such as
// a review's status, may drop below it on a phone).
import type { ReactNode } from 'react';
import { Avatar, Box, Group, Stack, Text } from '@mantine/core';
import type { PersonRef } from '../../../../../shared/editorial';
import { formatCardDateTime } from '../../../lib/format';

interface PersonLineProps {
  person: PersonRef;
  at: string;
  /** Beside the name (a status badge, a delete button). */
  aside?: ReactNode;
  /** A wide aside (a status badge) moves below, at the right, when it and the name do not fit on one line (phones). */
  asideWraps?: boolean;
}

export function PersonLine({ person, at, aside, asideWraps = false }: PersonLineProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap={asideWraps ? 'wrap' : 'nowrap'} gap="xs" style={asideWraps ? { rowGap: 4 } : undefined}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={person.avatar_url || null} name={person.full_name} color="initials" size="sm" alt="" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {person.full_name}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={at} style={{ whiteSpace: 'nowrap' }}>
            {formatCardDateTime(at)}
          </Text>
        </Stack>
      </Group>
      {aside && (
        <Box ml="auto" style={{ flexShrink: 0 }}>
          {aside}
        </Box>
      )}
    </Group>
  );
}
