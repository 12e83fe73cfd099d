// /import-articles (spec "Import articles"): the bulk CSV import of a WordPress archive, for editors and
// the master (anyone else signed in is told 'Acesso negado'). Four steps: Upload (the file straight to
// S3 in parts, then the server's analysis), Pré-visualização (the first 10 rows; "Cancelar" goes back),
// Importando (the session's progress, every second) and Concluído (the counts, the error log, 'Nova
// Importação'). The session shown is in the address (?sessao=<id>), so a reload finds it; without one,
// a session running (whoever started it) is opened at once. The recent sessions are listed below.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Code, Container, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { IMPORT_MESSAGES, type ImportPreview } from '../../../../../shared/imports';
import { can } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { AccessDenied } from '../../../components/AccessDenied';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { hasStatus } from '../../articles/lib/errors';
import { cancelUpload } from '../api/imports';
import { CompleteStep } from '../components/CompleteStep';
import { ImportingStep } from '../components/ImportingStep';
import { PreviewStep } from '../components/PreviewStep';
import { RecentImports } from '../components/RecentImports';
import { UploadStep } from '../components/UploadStep';
import { useFileUpload } from '../hooks/useFileUpload';
import { useCancelUpload, useImportSession, useImportSessions, useStartImport } from '../hooks/useImports';
import '../../../styles/staff.css';
import '../components/imports.css';

const STEPS = [
  { label: 'Upload', description: 'Envie o arquivo' },
  { label: 'Pré-visualização', description: 'Confira as linhas' },
  { label: 'Importando', description: 'Acompanhe o andamento' },
  { label: 'Concluído', description: 'Veja o resultado' },
] as const;

const LOAD_ERROR = 'Não foi possível carregar a importação.';

function PageSkeleton() {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Skeleton height={36} width="40%" mb="sm" />
      <Skeleton height={18} width="80%" mb="lg" />
      <Skeleton height={48} mb="lg" radius="md" />
      <Skeleton height={260} radius="md" />
    </Container>
  );
}

function Lead() {
  return (
    <Text c="dimmed" size="sm">
      Envie o arquivo CSV exportado do WordPress. Colunas obrigatórias: <Code>record_id</Code>, <Code>titulo</Code>, <Code>conteudo</Code> e{' '}
      <Code>Author</Code>; opcionais: <Code>Categorias</Code>, <Code>Tags</Code>, <Code>Date</Code>, <Code>URL Slug</Code>, <Code>Featured Image</Code> e{' '}
      <Code>Excerpt</Code>. Separador <Code>;</Code> ou <Code>,</Code>. Tamanho máximo: 100 MB.
    </Text>
  );
}

function Importer({ panelPath }: { panelPath: string }) {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('sessao')?.trim() || null;
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const onAnalyzed = useCallback((found: ImportPreview) => {
    setPreview(found);
    notifySuccess(IMPORT_MESSAGES.loaded(found.total_records));
  }, []);
  const upload = useFileUpload(onAnalyzed);
  const cancel = useCancelUpload();
  const start = useStartImport();
  const session = useImportSession(sessionId);
  const sessions = useImportSessions();
  const compact = useMediaQuery('(max-width: 36em)');

  // A file analyzed but neither imported nor cancelled when the reader leaves is dropped.
  const pending = useRef<ImportPreview | null>(null);
  useEffect(() => {
    pending.current = preview;
  }, [preview]);
  useEffect(
    () => () => {
      if (pending.current) void cancelUpload({ key: pending.current.key }).catch(() => undefined);
    },
    [],
  );

  // On arrival without a session in the address: the newest session, if it is still running, is shown.
  const resumeChecked = useRef(false);
  const idle = upload.state.phase === 'idle' && !preview;
  useEffect(() => {
    if (resumeChecked.current || !sessions.data) return;
    resumeChecked.current = true;
    const newest = sessions.data.sessions[0];
    if (!sessionId && idle && newest?.status === 'running') setParams({ sessao: newest.id }, { replace: true });
  }, [sessions.data, sessionId, idle, setParams]);

  const restart = () => {
    if (preview) cancel.mutate({ key: preview.key });
    setPreview(null);
    start.reset();
    setParams({});
  };

  const cancelPreview = () => {
    if (!preview) return;
    cancel.mutate({ key: preview.key }, { onSettled: () => setPreview(null) });
  };

  const importPreview = () => {
    if (!preview) return;
    start.mutate(preview.key, {
      onSuccess: (created) => {
        setPreview(null);
        setParams({ sessao: created.id });
      },
    });
  };

  let active: number;
  let failed = false;
  let content: ReactNode;
  if (sessionId) {
    const current = session.data;
    if (current) {
      failed = current.status === 'failed';
      active = current.status === 'running' ? 2 : current.status === 'completed' ? STEPS.length : 3;
      content =
        current.status === 'running' ? <ImportingStep session={current} /> : <CompleteStep session={current} panelPath={panelPath} onRestart={restart} />;
    } else if (session.isError) {
      active = 2;
      content = hasStatus(session.error, 404) ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={IMPORT_MESSAGES.notFound}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">O endereço aponta para uma importação que não existe mais.</Text>
            <Button size="xs" onClick={restart}>
              Nova Importação
            </Button>
          </Stack>
        </Alert>
      ) : (
        <RetryAlert message={errorMessage(session.error, LOAD_ERROR)} onRetry={() => void session.refetch()} retrying={session.isFetching} />
      );
    } else {
      active = 2;
      content = <Skeleton height={260} radius="md" aria-label="Carregando a importação" />;
    }
  } else if (preview) {
    active = 1;
    content = <PreviewStep preview={preview} onCancel={cancelPreview} onImport={importPreview} cancelling={cancel.isPending} importing={start.isPending} />;
  } else {
    active = 0;
    content = <UploadStep state={upload.state} onFile={(file) => void upload.upload(file)} onAbort={upload.abort} />;
  }

  return (
    <Stack gap="lg">
      <Stepper active={active} size="sm" iconSize={compact ? 30 : undefined} wrap={false} aria-label="Etapas da importação" allowNextStepsSelect={false}>
        {STEPS.map((step, index) => {
          const shown = !compact || index === Math.min(active, STEPS.length - 1);
          const failedStep = failed && index === 3;
          return (
            <Stepper.Step
              key={step.label}
              label={shown ? step.label : undefined}
              description={compact ? undefined : step.description}
              aria-label={`Etapa ${index + 1} de ${STEPS.length}: ${step.label}`}
              aria-current={index === active ? 'step' : undefined}
              loading={index === 0 && upload.state.phase !== 'idle' && active === 0}
              color={failedStep ? 'red' : undefined}
              progressIcon={failedStep ? <IconX size={18} aria-hidden /> : undefined}
            />
          );
        })}
      </Stepper>
      <div>{content}</div>
      <RecentImports currentId={sessionId} />
    </Stack>
  );
}

export default function ImportArticlesPage() {
  usePageMeta(pageTitle('Importar artigos'));
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  if (me.isError) {
    return (
      <Container size="lg" py="xl">
        <RetryAlert message={errorMessage(me.error, LOAD_ERROR)} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </Container>
    );
  }
  if (!can(me.data.roles, 'articles.import')) {
    return <AccessDenied title={IMPORT_MESSAGES.forbidden}>A importação de artigos é feita pelos editores e pelo administrador do portal.</AccessDenied>;
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Importar artigos</Title>
          <Lead />
        </Stack>
        <Importer panelPath={can(me.data.roles, 'admin.access') ? '/admin' : '/dashboard'} />
      </Stack>
    </Container>
  );
}
