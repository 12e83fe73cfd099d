// 404 (spec 2: any other path; the attempted path is logged by the server).
import { useEffect, useRef } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { reportNotFound } from '../api/system';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';

export default function NotFoundPage() {
  usePageMeta(pageTitle('Página não encontrada'));
  const location = useLocation();
  const reported = useRef<string | null>(null);
  const from = (location.state as { from?: unknown } | null)?.from;
  const attempted = typeof from === 'string' ? from : `${location.pathname}${location.search}`;

  useEffect(() => {
    if (reported.current === attempted) return;
    reported.current = attempted;
    reportNotFound(attempted);
  }, [attempted]);

  return (
    // data-island: without the app, web/src/islands/not-found.island.ts reports the address.
    <Container size="sm" py={80} data-island="not-found">
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="indigo.2" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          Página não encontrada
        </Title>
        <Text c="dimmed">O endereço que você tentou acessar não existe ou foi removido.</Text>
        <Anchor component={Link} to="/" fw={600}>
          Voltar ao início
        </Anchor>
      </Stack>
    </Container>
  );
}
