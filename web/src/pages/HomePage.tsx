// Home feed (spec 2 "Home feed"). No article API exists yet, so the feed shows its empty state.
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AdSlot } from '../components/AdSlot';

export default function HomePage() {
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <AdSlot slot="home_top" />
        <Paper className="author-banner" radius="md" p="xl">
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4}>
              <Title order={2} c="white">
                Seja um autor Plural
              </Title>
              <Text c="indigo.0">Escreva para uma comunidade plural de leitores e autores de todo o Brasil.</Text>
            </Stack>
            <Button component={Link} to="/apply-author" variant="white" color="indigo" size="md">
              Candidate-se agora
            </Button>
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text size="lg" c="dimmed">
            Nenhum artigo publicado ainda. Seja o primeiro a escrever!
          </Text>
        </Paper>
        <AdSlot slot="home_bottom" />
      </Stack>
    </Container>
  );
}
