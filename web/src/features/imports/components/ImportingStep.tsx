// Step 3, Importando: the session's real progress, asked every second: rows done (written or refused)
// of the file's records, the rate, the time left and the counts so far; while the server is still
// reading the file, how many lines it has read.
import { Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMPORT_STATUS_LABELS, processedOf } from '../../../../../shared/imports';
import { formatNumber } from '../../../lib/format';
import type { ImportSession } from '../api/imports';
import { formatTimeLeft, percentOf } from '../lib/format';
import { Figure } from './Figure';

export function ImportingStep({ session }: { session: ImportSession }) {
  const processed = processedOf(session);
  const percent = percentOf(processed, session.total_records);
  const left = formatTimeLeft(session.seconds_left);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>Importando artigos</Text>
            <Text size="sm" c="dimmed" className="import-file-name">
              {session.file_name}
            </Text>
          </Stack>
          <Badge color="blue" variant="light" tt="none" leftSection={<Loader size={10} color="blue" aria-hidden />}>
            {IMPORT_STATUS_LABELS[session.status]}
          </Badge>
        </Group>

        <Stack gap={6}>
          <Progress
            value={percent}
            size="xl"
            radius="xl"
            striped
            animated
            aria-label="Progresso da importação"
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm" data-testid="import-processed">
              {formatNumber(processed)} de {formatNumber(session.total_records)} registros
            </Text>
            <Text fw={700} data-testid="import-percent">
              {percent}%
            </Text>
          </Group>
        </Stack>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Velocidade" value={`${formatNumber(session.rows_per_second)} linhas/s`} testId="import-rate" />
          <Figure label="Tempo restante" value={left ?? 'Calculando…'} testId="import-time-left" />
          <Figure label="Importados" value={formatNumber(session.successful_records)} color="teal.8" testId="import-successes" />
          <Figure label="Com erro" value={formatNumber(session.failed_records)} color={session.failed_records > 0 ? 'red.8' : undefined} testId="import-failures" />
        </SimpleGrid>

        {!session.parsed && (
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed" data-testid="import-parsed">
              Lendo o arquivo… {formatNumber(session.parsed_records)} linhas lidas
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          A importação continua no servidor: você pode sair desta página e voltar para acompanhar.
        </Text>
      </Stack>
    </Paper>
  );
}
