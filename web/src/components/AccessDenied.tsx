// A signed-in reader on a screen that is not theirs is told so by the page itself, in the words the
// API refuses them with, with a way back, rather than sent elsewhere without a word.
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export function AccessDenied({ title, children }: { title: string; children: string }) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="gray" variant="light" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{children}</Text>
          <Button component={Link} to="/dashboard" variant="default">
            Ir para o painel
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
