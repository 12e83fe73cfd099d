// The newsroom's screens ask for two-step verification first: a staff member whose account has no
// authenticator app (the API refuses their staff routes with MFA_REQUIRED) is shown what to do and a
// link to /settings, instead of a page whose every request fails. Readers pass through: each page
// refuses them in its own words as before.
import type { ReactNode } from 'react';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { MFA_MESSAGES } from '../../../shared/mfa';
import { useMe } from '../auth/useMe';

export function MfaPrompt() {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="yellow" variant="light" aria-hidden>
            <IconShieldLock size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Verificação em duas etapas necessária
          </Title>
          <Text c="dimmed">{MFA_MESSAGES.required}</Text>
          <Button component={Link} to="/settings">
            Ir para Configurações
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export function StaffGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.data && me.data.roles.length > 0 && !me.data.mfa_enabled) return <MfaPrompt />;
  return <>{children}</>;
}
