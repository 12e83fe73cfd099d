// Shared placeholder for the routes of the spec that later issues build.
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';

export default function ComingSoonPage() {
  usePageMeta(pageTitle('Em breve'));
  return (
    <Container size="sm" py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={1} size="h2">
            Em breve
          </Title>
          <Text c="dimmed">Esta área ainda está em construção.</Text>
          <Button component={Link} to="/" variant="light" mt="sm">
            Voltar ao início
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
