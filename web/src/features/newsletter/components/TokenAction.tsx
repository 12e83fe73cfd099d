// The page an e-mail's link opens (confirm a sign-up, cancel a subscription): it says what the button
// does and acts only when it is pressed, never on load, since mail scanners open every link. Then the
// server's answer, and a way back to the news.
import type { ReactNode } from 'react';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { requestMessage } from '../../articles/lib/errors';

interface TokenActionProps {
  title: string;
  intro: ReactNode;
  action: string;
  /** A red button for an action that takes something away. */
  danger?: boolean;
  doneTitle: string;
  failedTitle: string;
  /** The link has no token at all. */
  invalidMessage: string;
  fallbackError: string;
  run: (token: string) => Promise<{ message: string }>;
}

function Frame({ icon, color, children }: { icon: ReactNode; color: string; children: ReactNode }) {
  return (
    <Container size={560} py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md" aria-live="polite">
          <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

export function TokenAction({ title, intro, action, danger, doneTitle, failedTitle, invalidMessage, fallbackError, run }: TokenActionProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const mutation = useMutation({ mutationFn: () => run(token) });
  const home = (
    <Button component={Link} to="/" variant={mutation.isSuccess ? 'filled' : 'default'}>
      Ir para a página inicial
    </Button>
  );

  if (!token || mutation.isError) {
    return (
      <Frame icon={<IconAlertTriangle size={30} />} color="orange">
        <Title order={1} size="h2">
          {failedTitle}
        </Title>
        <Text c="dimmed">{token ? requestMessage(mutation.error, fallbackError) : invalidMessage}</Text>
        {home}
      </Frame>
    );
  }
  if (mutation.isSuccess) {
    return (
      <Frame icon={<IconCircleCheck size={30} />} color="teal">
        <Title order={1} size="h2">
          {doneTitle}
        </Title>
        <Text>{mutation.data.message}</Text>
        {home}
      </Frame>
    );
  }
  return (
    <Frame icon={<IconMail size={30} />} color="indigo">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{intro}</Text>
      <Button size="md" color={danger ? 'red' : undefined} loading={mutation.isPending} onClick={() => mutation.mutate()}>
        {action}
      </Button>
    </Frame>
  );
}
