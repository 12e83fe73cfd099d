// The Analytics and Assinaturas tabs before their own issues fill them: the spec's empty state and
// where the settings will be, never invented figures.
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconCrown, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export default function LaterTab({ kind }: { kind: 'analytics' | 'subscriptions' }) {
  const analytics = kind === 'analytics';
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          {analytics ? <IconChartBar size={24} /> : <IconCrown size={24} />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {analytics ? 'Audiência e receita de anúncios' : 'Assinaturas Premium'}
        </Title>
        <Text c="dimmed" maw={520}>
          {analytics
            ? 'Nenhum dado disponível – configure Google Analytics and Ad Manager integrations'
            : 'Nenhuma assinatura registrada. As assinaturas, seus status e a receita estimada aparecem aqui quando os pagamentos estiverem ativos.'}
        </Text>
        {analytics && (
          <Group>
            <Button component={Link} to="/analytics-settings" variant="light" leftSection={<IconSettings size={16} />}>
              Configurar integrações
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
