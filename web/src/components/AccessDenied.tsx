// A signed-in reader on a screen that is not theirs is told so by the page itself, in the words the
// API refuses them with, with a way back, rather than sent elsewhere without a word.
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router-dom';
import { notifyError } from '../lib/notify';

/**
 * The spec's refusal of a staff screen (/admin, /monitor, /tags, /storyboard): 'Acesso Negado: Você não
 * tem permissão para acessar esta área.' once, then the page it sends the reader to.
 */
export function DeniedRedirect({ to }: { to: string }) {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notifyError('Acesso Negado', 'Você não tem permissão para acessar esta área.');
  }, []);
  return <Navigate to={to} replace />;
}

/** A screen that stops here: an icon, why, and the one way on (the refusals, the two-step prompt). */
export function BlockedScreen({ icon, color, title, children, action }: { icon: ReactNode; color: string; title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{children}</Text>
          {action}
        </Stack>
      </Paper>
    </Container>
  );
}

export function AccessDenied({ title, children }: { title: string; children: string }) {
  return (
    <BlockedScreen
      icon={<IconLock size={30} />}
      color="gray"
      title={title}
      action={
        <Button component={Link} to="/dashboard" variant="default">
          Ir para o painel
        </Button>
      }
    >
      {children}
    </BlockedScreen>
  );
}
