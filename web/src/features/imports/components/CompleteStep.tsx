// Step 4, Concluído: the counts (importados, com erro, total), the error log to download (the rows
// refused and the slugs renamed), the ways to the imported articles and 'Nova Importação'. A failed
// session says 'Erro na importação' with its error, and keeps the counts and the log of what was done.
import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconExternalLink, IconLayoutDashboard, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { IMPORT_MESSAGES } from '../../../../../shared/imports';
import { formatCardDateTime, formatNumber } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { requestMessage } from '../../articles/lib/errors';
import { fetchErrorLog, type ImportSession } from '../api/imports';
import { saveBlob } from '../lib/download';
import { Figure } from './Figure';

interface CompleteStepProps {
  session: ImportSession;
  /** Where 'Ver no painel' goes: the admin area for those who have it, else the dashboard. */
  panelPath: string;
  onRestart: () => void;
}

export function errorLogName(id: string): string {
  return `erros-importacao-${id}.csv`;
}

function DownloadLog({ session }: { session: ImportSession }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchErrorLog(session.id), errorLogName(session.id));
    } catch (error) {
      notifyError(IMPORT_MESSAGES.failedTitle, requestMessage(error, 'Não foi possível baixar o log de erros.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Button
        variant={session.failed_records > 0 ? 'light' : 'default'}
        color={session.failed_records > 0 ? 'red' : undefined}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy}
        onClick={() => void download()}
      >
        Baixar log de erros (CSV)
      </Button>
      <Text size="xs" c="dimmed">
        O log lista as linhas recusadas e os slugs renomeados.
      </Text>
    </Stack>
  );
}

export function CompleteStep({ session, panelPath, onRestart }: CompleteStepProps) {
  const failed = session.status === 'failed';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {failed ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={IMPORT_MESSAGES.failedTitle} role="alert">
            {session.error || 'A importação foi interrompida antes do fim.'}
          </Alert>
        ) : (
          <Group gap="sm" wrap="nowrap" role="status">
            <ThemeIcon size={44} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={26} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} size="h3">
                {IMPORT_MESSAGES.completed}
              </Title>
              <Text size="sm" c="dimmed" className="import-file-name">
                {session.file_name}
                {session.completed_at ? ` · ${formatCardDateTime(session.completed_at)}` : ''}
              </Text>
            </Stack>
          </Group>
        )}

        <SimpleGrid cols={{ base: 3 }} spacing="sm">
          <Figure label="Importados" value={formatNumber(session.successful_records)} color="teal.8" testId="complete-successes" />
          <Figure label="Com erro" value={formatNumber(session.failed_records)} color={session.failed_records > 0 ? 'red.8' : undefined} testId="complete-failures" />
          <Figure label="Total" value={formatNumber(session.total_records)} testId="complete-total" />
        </SimpleGrid>

        <Group justify="space-between" align="flex-start" gap="md" className="import-actions">
          <DownloadLog session={session} />
          <Group gap="sm" className="import-actions">
            <Button component={Link} to="/" variant="default" leftSection={<IconExternalLink size={16} aria-hidden />}>
              Ver artigos no site
            </Button>
            <Button component={Link} to={panelPath} variant="default" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
              Ver no painel
            </Button>
            <Button onClick={onRestart} leftSection={<IconRefresh size={16} aria-hidden />}>
              Nova Importação
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
