// The "Verificação em duas etapas" section of /settings: an authenticator app (TOTP) for the account.
// Amplify's setUpTOTP gives the secret (shown as a QR code and as text), the first code is checked
// by Cognito (verifyTOTPSetup), TOTP becomes the account's preferred second step, and the API is asked
// to check Cognito itself (POST /api/me/mfa): the staff routes open only on its word.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../../shared/api-types';
import { TOTP_CODE_PATTERN } from '../../../../../shared/mfa';
import { loadAuthClient } from '../../../auth/load';
import { errorMessage } from '../../../lib/api';
import { recheckMfa } from '../api/users';
import { userKeys } from '../api/keys';
import { QrCode } from './QrCode';
import { TotpCodeInput } from './TotpCodeInput';

type Step =
  | { name: 'idle' }
  | { name: 'starting' }
  | { name: 'scanning'; secret: string; uri: string; verifying: boolean }
  /** Cognito accepted the code; the API's check failed and can be retried alone. */
  | { name: 'recheck'; checking: boolean }
  | { name: 'done' };

const message = (error: unknown, fallback: string) => (error instanceof Error && error.name === 'AuthFailure' ? error.message : errorMessage(error, fallback));

/** The secret in groups of four, easier to copy by eye into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoStepSection({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const staff = me.roles.length > 0;

  async function recheck(): Promise<void> {
    setStep({ name: 'recheck', checking: true });
    try {
      const { mfa_enabled } = await recheckMfa();
      if (!mfa_enabled) throw new Error('not enabled');
      await queryClient.invalidateQueries({ queryKey: userKeys.allMe() });
      setStep({ name: 'done' });
      setError(null);
    } catch {
      setStep({ name: 'recheck', checking: false });
      setError('O aplicativo foi configurado, mas não conseguimos confirmar com o servidor. Tente de novo.');
    }
  }

  async function start() {
    setError(null);
    setCode('');
    setStep({ name: 'starting' });
    try {
      const client = await loadAuthClient();
      const setup = await client.startTotpSetup(me.profile.email);
      setStep({ name: 'scanning', ...setup, verifying: false });
    } catch (failure) {
      setStep({ name: 'idle' });
      setError(message(failure, 'Não foi possível iniciar a configuração. Tente novamente.'));
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.name !== 'scanning') return;
    if (!TOTP_CODE_PATTERN.test(code)) {
      setError('Digite os 6 dígitos do código.');
      return;
    }
    setError(null);
    setStep({ ...step, verifying: true });
    try {
      const client = await loadAuthClient();
      await client.finishTotpSetup(code);
    } catch (failure) {
      setStep({ ...step, verifying: false });
      setCode('');
      setError(message(failure, 'Não foi possível ativar a verificação em duas etapas. Tente novamente.'));
      return;
    }
    await recheck();
  }

  const enabled = me.mfa_enabled || step.name === 'done';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="two-step-title">
      <Group gap="xs" mb="md" justify="space-between">
        <Group gap="xs">
          <IconShieldCheck size={20} aria-hidden />
          <Title order={2} size="h4" id="two-step-title">
            Verificação em duas etapas
          </Title>
        </Group>
        <Badge color={enabled ? 'teal' : 'gray'} variant="light" tt="none">
          {enabled ? 'Ativada' : 'Desativada'}
        </Badge>
      </Group>
      <Stack gap="md">
        {step.name === 'done' ? (
          <Alert color="teal" title="Verificação em duas etapas ativada" role="status">
            Nos próximos logins, depois da senha, o portal pedirá o código do aplicativo autenticador.
          </Alert>
        ) : enabled && step.name === 'idle' ? (
          <Text size="sm">
            Sua conta pede o código de um aplicativo autenticador a cada login. Trocou de celular? Configure o novo aplicativo.
          </Text>
        ) : (
          <>
            {staff && !me.mfa_enabled && (
              <Alert color="yellow" title="Obrigatória para a redação">
                Autores, editores e masters só usam as ferramentas da redação depois de ativar a verificação em duas etapas.
              </Alert>
            )}
            <Text size="sm">
              Além da senha, o login pedirá um código de 6 dígitos gerado por um aplicativo autenticador no seu celular (como
              Google Authenticator, Microsoft Authenticator ou Authy).
            </Text>
          </>
        )}

        {step.name === 'scanning' && (
          <form noValidate onSubmit={(event) => void verify(event)} aria-label="Configurar aplicativo autenticador">
            <Stack gap="md">
              <Text size="sm" fw={500}>
                1. No aplicativo, adicione uma conta lendo o QR code:
              </Text>
              <QrCode value={step.uri} />
              <Text size="sm">
                Não consegue ler? Digite esta chave no aplicativo:
              </Text>
              <Code block aria-label="Chave secreta">
                {grouped(step.secret)}
              </Code>
              <Text size="sm" fw={500}>
                2. Digite o código de 6 dígitos que o aplicativo mostra:
              </Text>
              <TotpCodeInput value={code} onChange={setCode} error={error} maw={260} />
              <Group gap="sm">
                <Button type="submit" loading={step.verifying} disabled={step.verifying}>
                  Confirmar código
                </Button>
                <Button variant="default" disabled={step.verifying} onClick={() => setStep({ name: 'idle' })}>
                  Cancelar
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {step.name === 'recheck' && (
          <ErrorThenAction error={error}>
            <Button loading={step.checking} disabled={step.checking} onClick={() => void recheck()}>
              Tentar de novo
            </Button>
          </ErrorThenAction>
        )}

        {(step.name === 'idle' || step.name === 'starting') && (
          <ErrorThenAction error={error}>
            <Button loading={step.name === 'starting'} disabled={step.name === 'starting'} onClick={() => void start()} variant={enabled ? 'default' : 'filled'}>
              {enabled ? 'Configurar outro aplicativo' : 'Ativar verificação em duas etapas'}
            </Button>
          </ErrorThenAction>
        )}
      </Stack>
    </Paper>
  );
}

/** The last error, if any, above the one button that moves on. */
function ErrorThenAction({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" title="Erro">
          {error}
        </Alert>
      )}
      <Group>{children}</Group>
    </Stack>
  );
}
