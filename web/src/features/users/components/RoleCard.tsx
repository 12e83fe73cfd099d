// A dashboard card for one of the user's roles: what it does and its shortcuts.
import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

interface CardLink {
  label: string;
  to: string;
}

export function RoleCard({ title, description, icon, links }: { title: string; description: string; icon: ReactNode; links: CardLink[] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
      <Stack gap="xs" mt="sm">
        {links.map((link) => (
          // '#…' is a section of the dashboard itself.
          link.to.startsWith('#') ? (
            <Button key={link.label} component="a" href={link.to} variant="light" justify="flex-start" fullWidth>
              {link.label}
            </Button>
          ) : (
            <Button key={link.label} component={Link} to={link.to} variant="light" justify="flex-start" fullWidth>
              {link.label}
            </Button>
          )
        ))}
      </Stack>
    </Card>
  );
}
