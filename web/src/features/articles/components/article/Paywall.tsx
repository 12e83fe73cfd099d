// Shown under the lead of a premium article to those who may not read the rest.
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export function Paywall({ signedIn }: { signedIn: boolean }) {
  return (
    <Paper className="paywall" withBorder radius="md" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" color="yellow" variant="light">
          <IconLock size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          Este conteúdo é exclusivo para assinantes Premium
        </Title>
        <Text c="dimmed" maw={480}>
          Assine o Premium para continuar lendo este artigo e ter acesso a todo o conteúdo exclusivo do portal.
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/pricing" color="yellow" c="dark.8" size="md">
            Assine o Premium
          </Button>
          {!signedIn && (
            <Button component={Link} to="/auth" variant="default" size="md">
              Entrar
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
