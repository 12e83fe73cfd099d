// The Meus dados section of /settings (LGPD art. 18): a copy of everything the portal holds about the
// reader, as a JSON file a worker prepares and a link that expires delivers; the reader's requests;
// the consents (the current choice, its history, withdrawal); where to correct one's data.
import { Anchor, Badge, Button, Group, Loader, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDatabase, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PRIVACY_LIMITS, PRIVACY_MESSAGES } from '../../../../../shared/privacy';
import { useAuth } from '../../../auth/context';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatCardDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { privacyKeys, type DataRequest } from '../api/requests';
import { openConsentPreferences, saveConsent } from '../consent-store';
import { useCurrentConsent } from '../hooks/useCurrentConsent';
import { useDownloadExport, useMyConsents, useMyRequests, useRequestExport } from '../hooks/useDataRequests';
import {
  CONSENT_SOURCE_LABELS,
  consentSummary,
  downloadableExport,
  formatBytes,
  hasConsent,
  hasPendingExport,
  latestExport,
  progressText,
  REQUEST_STATUS_COLORS,
  requestKindLabel,
  requestStatusLabel,
} from '../lib/data-requests';
import { PRIVACY_PATH } from '../paths';

function StatusBadge({ request }: { request: DataRequest }) {
  return (
    <Badge color={REQUEST_STATUS_COLORS[request.status]} variant="light" tt="none">
      {requestStatusLabel(request)}
    </Badge>
  );
}

/** The newest copy: being prepared, ready to download, or failed. */
function ExportState({ requests }: { requests: DataRequest[] }) {
  const download = useDownloadExport();
  const latest = latestExport(requests);
  const ready = downloadableExport(requests);

  if (latest?.status === 'pending') {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text size="sm" fw={500}>
          Preparando…
        </Text>
        <Text size="sm" c="dimmed">
          O link aparece aqui em alguns minutos.
        </Text>
      </Group>
    );
  }
  if (ready) {
    const size = formatBytes(ready.file_bytes);
    const until = formatCardDateTime(ready.download_until);
    return (
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-teal-0)">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Sua cópia está pronta
            </Text>
            <Text size="xs" c="dimmed">
              {[until && `disponível até ${until}`, size].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Button
            variant="light"
            color="teal"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate(ready.id)}
          >
            Baixar arquivo (JSON)
          </Button>
        </Group>
      </Paper>
    );
  }
  if (latest?.status === 'failed') {
    return (
      <Text size="sm" c="red.8" role="status">
        Não foi possível preparar sua última cópia. Peça uma nova.
      </Text>
    );
  }
  if (latest?.status === 'expired') {
    return (
      <Text size="sm" c="dimmed">
        O link da sua última cópia expirou. Peça uma nova quando quiser.
      </Text>
    );
  }
  return null;
}

function RequestList({ requests }: { requests: DataRequest[] }) {
  if (requests.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Você ainda não fez nenhuma solicitação.
      </Text>
    );
  }
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="xs" aria-label="Minhas solicitações" miw={420} className="stack-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Solicitada em</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>{requestKindLabel(request)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCardDateTime(request.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge request={request} />
                  {request.kind === 'deletion' && request.status !== 'completed' && (
                    <Text size="xs" c="dimmed">
                      {progressText(request)}
                    </Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function DataCopy() {
  const requests = useMyRequests();
  const start = useRequestExport();
  const pending = hasPendingExport(requests.data);

  return (
    <Stack gap="sm">
      <Text size="sm">
        Baixe uma cópia de tudo o que o portal guarda sobre você, em um arquivo JSON: perfil e papéis, assinaturas e pagamentos, histórico de
        leitura, newsletter e consentimentos, suas candidaturas, seus comentários e artigos. A cópia fica pronta em alguns minutos e pode ser
        baixada por {PRIVACY_LIMITS.exportDays} dias.
      </Text>
      <Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={start.isPending}
          disabled={pending}
          onClick={() => start.mutate()}
        >
          Baixar meus dados
        </Button>
      </Group>
      {requests.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={20} width="50%" />
          <Skeleton height={60} />
        </Stack>
      ) : requests.isError ? (
        <RetryAlert
          message="Não foi possível carregar suas solicitações."
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
          compact
        />
      ) : (
        <Stack gap="sm">
          <ExportState requests={requests.data} />
          <Title order={3} size="h5" mt="xs">
            Minhas solicitações
          </Title>
          <RequestList requests={requests.data} />
        </Stack>
      )}
    </Stack>
  );
}

function Consents() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const current = useCurrentConsent();
  const history = useMyConsents();
  const withdraw = useMutation({
    mutationFn: () => saveConsent({ ads: false, personalization: false }, 'settings'),
    onSuccess: () => {
      notifySuccess(PRIVACY_MESSAGES.consentSaved);
      void queryClient.invalidateQueries({ queryKey: privacyKeys.consents(user?.userId) });
    },
    onError: () => notifyError('Erro', PRIVACY_MESSAGES.consentError),
  });

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Consentimentos
      </Title>
      <Text size="sm">
        {current ? (
          <>
            Escolha atual: <strong>{consentSummary(current)}</strong>{' '}
            <Text span size="xs" c="dimmed">
              (versão {current.version})
            </Text>
          </>
        ) : (
          'Você ainda não fez uma escolha neste navegador: anúncios do Google não são carregados sem o seu consentimento.'
        )}
      </Text>
      <Group gap="sm">
        <Button variant="light" color="red" loading={withdraw.isPending} disabled={!hasConsent(current)} onClick={() => withdraw.mutate()}>
          Retirar consentimento
        </Button>
        <Button variant="default" onClick={() => openConsentPreferences()}>
          Alterar preferências
        </Button>
      </Group>
      {history.isPending ? (
        <Skeleton height={60} aria-busy="true" />
      ) : history.isError ? (
        <RetryAlert
          message="Não foi possível carregar o histórico de consentimentos."
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
          compact
        />
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum consentimento registrado na sua conta.
        </Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="xs" aria-label="Histórico de consentimentos" miw={480} className="stack-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Escolha</Table.Th>
                <Table.Th>Versão</Table.Th>
                <Table.Th>Origem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((record, index) => (
                <Table.Tr key={`${record.at}-${index}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCardDateTime(record.at)}</Table.Td>
                  <Table.Td data-primary>{consentSummary(record)}</Table.Td>
                  <Table.Td data-label="Versão">{record.version}</Table.Td>
                  <Table.Td data-label="Origem">{CONSENT_SOURCE_LABELS[record.source] ?? record.source}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}

export function MyDataSection() {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-data-title">
      <Group gap="xs" mb="md">
        <IconDatabase size={20} aria-hidden />
        <Title order={2} size="h4" id="my-data-title">
          Meus dados
        </Title>
      </Group>
      <Stack gap="lg">
        <DataCopy />
        <Consents />
        <Text size="sm" c="dimmed">
          Algum dado está errado? Corrija seu perfil no formulário acima e clique em Salvar. Saiba como tratamos seus dados na{' '}
          <Anchor component={Link} to={PRIVACY_PATH} size="sm">
            Política de Privacidade
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
