// The newsletter desk is the master's: anyone else signed in is told so (AccessDenied).
import type { ReactNode } from 'react';
import { Container, Skeleton } from '@mantine/core';
import { NEWSLETTER_MESSAGES } from '../../../../../shared/newsletter-rules';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { AccessDenied } from '../../../components/AccessDenied';
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
    return <AccessDenied title={NEWSLETTER_MESSAGES.forbidden}>A newsletter é preparada e enviada pelo administrador do portal.</AccessDenied>;
  }
  return <>{children}</>;
}
