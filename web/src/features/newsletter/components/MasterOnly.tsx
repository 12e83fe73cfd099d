// The newsletter desk is the master's: anyone else signed in is told so by the page itself (the API
// refuses them with the same words), rather than sent elsewhere without a word.
import type { ReactNode } from 'react';
import { Button, Container, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { NEWSLETTER_MESSAGES } from '../../../../../shared/newsletter-rules';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';

export function MasterOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) {
    return (
      <Container size="lg" py="xl" aria-busy="true">
        <Skeleton height={36} width="30%" mb="lg" />
        <Skeleton height={90} mb="lg" radius="md" />
        <Skeleton height={360} radius="md" />
      </Container>
    );
  }
  if (me.isError) {
    return (
      <Container size="lg" py="xl">
        <RetryAlert message={errorMessage(me.error, NEWSLETTER_MESSAGES.loadError)} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </Container>
    );
  }
  if (!can(me.data.roles, 'newsletter.manage')) {
    return (
      <Container size="sm" py={{ base: 'xl', sm: 60 }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" color="gray" variant="light" aria-hidden>
              <IconLock size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {NEWSLETTER_MESSAGES.forbidden}
            </Title>
            <Text c="dimmed">A newsletter é preparada e enviada pelo administrador do portal.</Text>
            <Button component={Link} to="/dashboard" variant="default">
              Ir para o painel
            </Button>
          </Stack>
        </Paper>
      </Container>
    );
  }
  return <>{children}</>;
}
