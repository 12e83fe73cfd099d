// /analytics-settings (spec "Analytics settings", master only): the Google service account's key, the
// GA4 property and the Ad Manager network. The key is kept on the server, never shown again: a stored
// key is named by its client_email, and an empty field keeps it. The browser checks the key's shape
// first; the server checks it again and decides. Anyone else signed in is told 'Acesso negado'.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconDeviceFloppy, IconInfoCircle, IconKey, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ANALYTICS_SETTINGS_MESSAGES as MESSAGES, TEST_CONNECTION_RANGE } from '../../../../../shared/analytics';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { AccessDenied } from '../../../components/AccessDenied';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { formatBRL, formatDate, formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { hasStatus } from '../../articles/lib/errors';
import type { AnalyticsSettingsView, ConnectionTestResult } from '../api/analytics';
import { useAnalyticsSettings, useSaveAnalyticsSettings, useTestAnalyticsConnection } from '../hooks/useAnalyticsSettings';
import { formatDuration, formatPercent, formatRange, serviceKeyProblem } from '../lib/format';
import '../../../styles/staff.css';
import '../components/analytics.css';

const KEY_PLACEHOLDER = `{
  "type": "service_account",
  "project_id": "meu-projeto",
  "client_email": "portal@meu-projeto.iam.gserviceaccount.com",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n…"
}`;
const SAVED_NOTE = 'As credenciais foram armazenadas no servidor. Teste a conexão para confirmar que funcionam.';
const LOAD_ERROR = 'Não foi possível carregar as configurações de Analytics.';
/** Ad Manager's network codes are numbers. */
const NETWORK_CODE = /^\d{1,20}$/;

/** The server's refusal of one field, to show under it; undefined for anything else. */
function fieldOf(error: unknown): { serviceKey?: string; networkCode?: string } | undefined {
  if (!hasStatus(error, 400)) return undefined;
  if (error.message === MESSAGES.invalidJson || error.message === MESSAGES.invalidKey) return { serviceKey: error.message };
  if (error.field === 'networkCode' || error.message === MESSAGES.invalidNetworkCode) return { networkCode: error.message };
  return undefined;
}

function Denied() {
  return <AccessDenied title={MESSAGES.denied}>As integrações com o Google são configuradas pelo administrador do portal.</AccessDenied>;
}

function PageSkeleton() {
  return (
    <Container size="md" py="xl" aria-busy="true">
      <Skeleton height={36} width="50%" mb="lg" />
      <Skeleton height={80} mb="lg" radius="md" />
      <Skeleton height={420} radius="md" />
    </Container>
  );
}

function Status({ view }: { view: AnalyticsSettingsView }) {
  const stored = Boolean(view.clientEmail);
  return (
    <Paper withBorder radius="md" p="md" data-testid="analytics-connection">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="md" variant="light" color={view.connected ? 'teal' : 'gray'} aria-hidden>
          {view.connected ? <IconCircleCheck size={20} /> : <IconKey size={20} />}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{view.connected ? 'Conexão configurada' : 'Nenhuma conexão configurada'}</Text>
            <Badge variant="light" color={view.connected ? 'teal' : 'gray'} tt="none" radius="sm">
              {view.connected ? 'Ativa' : 'Medição própria'}
            </Badge>
          </Group>
          {stored ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Chave armazenada: <strong>{view.clientEmail}</strong>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Sem conexão, o painel mostra a audiência e os anúncios medidos pelo próprio portal.
            </Text>
          )}
          {(view.propertyId || view.networkCode || view.updatedAt) && (
            <Text size="xs" c="dimmed">
              {[
                view.propertyId && `Propriedade ${view.propertyId}`,
                view.networkCode && `Rede ${view.networkCode}`,
                view.updatedAt && `Atualizado em ${formatDate(view.updatedAt)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function TestResult({ result }: { result: ConnectionTestResult }) {
  const { analytics, adRevenue } = result;
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-label="Resultado do teste de conexão" data-testid="analytics-test-result" className="analytics-test-result">
      <Group gap="xs" mb="sm" wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Text fw={600} size="sm">
          O Google respondeu ({formatRange(TEST_CONNECTION_RANGE.startDate, TEST_CONNECTION_RANGE.endDate)})
        </Text>
      </Group>
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
        Google Analytics 4
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" mb={adRevenue ? 'md' : 0}>
        <Figure label="Usuários" value={formatNumber(analytics.totalUsers)} />
        <Figure label="Sessões" value={formatNumber(analytics.totalSessions)} />
        <Figure label="Visualizações" value={formatNumber(analytics.totalPageViews)} />
        <Figure label="Duração média" value={formatDuration(analytics.avgSessionDuration)} />
        <Figure label="Taxa de rejeição" value={formatPercent(analytics.bounceRate)} />
      </SimpleGrid>
      {adRevenue && (
        <>
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
            Google Ad Manager
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 6 }} spacing="xs">
            <Figure label="Receita" value={adRevenue.revenue == null ? 'Indisponível' : formatBRL(adRevenue.revenue)} />
            <Figure label="Impressões" value={formatNumber(adRevenue.impressions)} />
            <Figure label="Cliques" value={formatNumber(adRevenue.clicks)} />
            <Figure label="CTR" value={formatPercent(adRevenue.ctr)} />
            <Figure label="Preenchimento" value={formatPercent(adRevenue.fillRate)} />
            <Figure label="Solicitações" value={formatNumber(adRevenue.adRequests)} />
          </SimpleGrid>
        </>
      )}
    </Paper>
  );
}

function Help() {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="analytics-help-title" bg="gray.0">
      <Group gap={6} mb="xs">
        <IconInfoCircle size={18} color="var(--mantine-color-blue-6)" aria-hidden />
        <Text fw={600} size="sm" id="analytics-help-title">
          Onde encontrar a chave
        </Text>
      </Group>
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>
          No{' '}
          <Anchor href="https://console.cloud.google.com/iam-admin/serviceaccounts" target="_blank" rel="noopener noreferrer">
            Google Cloud Console
          </Anchor>
          , abra <em>IAM e administrador › Contas de serviço</em> e escolha (ou crie) uma conta de serviço.
        </List.Item>
        <List.Item>
          Em <em>Chaves › Adicionar chave › Criar nova chave</em>, escolha <strong>JSON</strong>: o arquivo baixado é a chave. Cole o conteúdo dele aqui.
        </List.Item>
        <List.Item>
          No Google Analytics, em <em>Administrador › Gerenciamento de acesso à propriedade</em>, adicione o <code>client_email</code> da conta como
          Leitor. O ID da propriedade (só números) está em <em>Administrador › Detalhes da propriedade</em>.
        </List.Item>
        <List.Item>
          Para a receita de anúncios, no Google Ad Manager, em <em>Admin › Configurações globais</em>, ative o acesso à API, adicione a conta de serviço
          e copie o código da rede.
        </List.Item>
      </List>
    </Paper>
  );
}

type Field = 'serviceKey' | 'propertyId' | 'networkCode';

function SettingsForm({ view }: { view: AnalyticsSettingsView }) {
  const save = useSaveAnalyticsSettings();
  const test = useTestAnalyticsConnection();
  const [serviceKey, setServiceKey] = useState('');
  const [propertyId, setPropertyId] = useState(view.propertyId ?? '');
  const [networkCode, setNetworkCode] = useState(view.networkCode ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  /** A field's change handler: its new value, and its error cleared (the reader may have fixed it). */
  const editing = (field: Field, set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(event.currentTarget.value);
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const [savedNote, setSavedNote] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const hasStoredKey = Boolean(view.clientEmail);

  /** The input as the server takes it, or null after telling what is missing or wrong. */
  function checked() {
    const keyText = serviceKey.trim();
    const problem = serviceKeyProblem(keyText);
    const missingKey = !keyText && !hasStoredKey;
    const missingProperty = !propertyId.trim();
    const badNetwork = networkCode.trim() !== '' && !NETWORK_CODE.test(networkCode.trim());
    setErrors({
      serviceKey: problem ?? (missingKey ? 'Cole a chave da conta de serviço.' : undefined),
      propertyId: missingProperty ? 'Informe o ID da propriedade.' : undefined,
      networkCode: badNetwork ? MESSAGES.invalidNetworkCode : undefined,
    });
    if (missingKey || missingProperty) notifyError('Erro', MESSAGES.required);
    if (problem || missingKey || missingProperty || badNetwork) return null;
    return { serviceKey: keyText, propertyId: propertyId.trim(), networkCode: networkCode.trim() };
  }

  function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess(saved.message || MESSAGES.saved, SAVED_NOTE);
        setServiceKey('');
        setSavedNote(true);
        setResult(null);
      },
      onError: (error) => {
        const field = fieldOf(error);
        if (field) setErrors(field);
        else notifyError('Erro', errorMessage(error, 'Não foi possível salvar as configurações.'));
      },
    });
  }

  function handleTest() {
    const input = checked();
    if (!input) return;
    setResult(null);
    test.mutate(input, {
      onSuccess: (answer) => {
        notifySuccess(answer.message || MESSAGES.tested);
        setResult(answer);
      },
      onError: (error) => {
        const field = fieldOf(error);
        if (field) return setErrors(field);
        const message = errorMessage(error, MESSAGES.testFailed);
        const detail = message.startsWith(MESSAGES.testFailed) ? message.slice(MESSAGES.testFailed.length).replace(/^[\s:–-]+/, '') : message;
        notifyError(MESSAGES.testFailed, detail || undefined);
      },
    });
  }

  const busy = save.isPending || test.isPending;

  return (
    <form noValidate onSubmit={handleSave} aria-label="Configurações de Analytics">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Textarea
              label="Chave da conta de serviço (JSON)"
              required={!hasStoredKey}
              description={
                hasStoredKey
                  ? 'Deixe em branco para manter a chave armazenada, ou cole uma nova para substituí-la.'
                  : 'Cole o conteúdo do arquivo JSON da conta de serviço do Google Cloud.'
              }
              placeholder={KEY_PLACEHOLDER}
              autosize
              minRows={6}
              maxRows={14}
              spellCheck={false}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              value={serviceKey}
              error={errors.serviceKey}
              onChange={editing('serviceKey', setServiceKey)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="ID da propriedade (Google Analytics 4)"
                required
                inputMode="numeric"
                placeholder="123456789"
                description="Em Administrador › Detalhes da propriedade."
                value={propertyId}
                error={errors.propertyId}
                onChange={editing('propertyId', setPropertyId)}
              />
              <TextInput
                label="Código da rede (Google Ad Manager)"
                placeholder="21812345678"
                inputMode="numeric"
                description="Opcional: sem ele, a receita fica indisponível."
                value={networkCode}
                error={errors.networkCode}
                onChange={editing('networkCode', setNetworkCode)}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm" className="analytics-actions">
              <Button variant="default" leftSection={<IconPlugConnected size={16} />} loading={test.isPending} disabled={busy && !test.isPending} onClick={handleTest}>
                Testar Conexão
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={busy && !save.isPending}>
                Salvar configurações
              </Button>
            </Group>
          </Stack>
        </Paper>
        {savedNote && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} withCloseButton onClose={() => setSavedNote(false)} closeButtonLabel="Fechar aviso">
            {SAVED_NOTE}
          </Alert>
        )}
        {result && <TestResult result={result} />}
      </Stack>
    </form>
  );
}

function Desk() {
  const settings = useAnalyticsSettings(true);
  if (settings.isPending) return <PageSkeleton />;
  if (settings.isError && hasStatus(settings.error, 403)) return <Denied />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin?tab=analytics" size="sm" c="dimmed" className="analytics-back">
          <IconArrowLeft size={14} aria-hidden /> Administração › Analytics
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>Configurações de Analytics</Title>
          <Text c="dimmed" size="sm">
            Conecte o Google Analytics 4 e o Google Ad Manager para o painel mostrar os números deles. Sem conexão, o portal usa a própria medição.
          </Text>
        </Stack>
        {settings.isError ? (
          <RetryAlert message={errorMessage(settings.error, LOAD_ERROR)} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : (
          <>
            <Status view={settings.data} />
            <SettingsForm view={settings.data} />
          </>
        )}
        <Help />
      </Stack>
    </Container>
  );
}

export default function AnalyticsSettingsPage() {
  usePageMeta(pageTitle('Configurações de Analytics'));
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  if (me.isError) {
    return (
      <Container size="md" py="xl">
        <RetryAlert message={errorMessage(me.error, LOAD_ERROR)} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </Container>
    );
  }
  if (!can(me.data.roles, 'analytics.manage')) return <Denied />;
  return <Desk />;
}
