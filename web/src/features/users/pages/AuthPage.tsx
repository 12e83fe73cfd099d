// /auth (spec 2 "Auth screen", 5 "Sign-up"/"Sign-in"): welcome card with the Entrar and Cadastrar tabs.
import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Container, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { firstIssue, LIMITS, PASSWORD_HINT, PASSWORD_PLACEHOLDER, signInSchema, signUpSchema } from '../../../../../shared/auth';
import { MESSAGES } from '../../../../../shared/messages';
import { TOTP_CODE_PATTERN } from '../../../../../shared/mfa';
import { PAYMENT_MESSAGES } from '../../../../../shared/payments';
import { NewPasswordRequired, TotpRequired, useAuth } from '../../../auth/context';
import { PageLoader } from '../../../components/PageLoader';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PrivacyLink } from '../../privacy/components/PrivacyLink';
import { signUp } from '../api/users';
import { TotpCodeInput } from '../components/TotpCodeInput';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

type Tab = 'signin' | 'signup';

export default function AuthPage() {
  const { status, signIn, confirmNewPassword, confirmTotp } = useAuth();
  // An invited author's first sign-in (temporary password): Cognito asks for a password of their own.
  const [choosingPassword, setChoosingPassword] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  // A staff member (or a reader who chose it) with an authenticator app: the six-digit code after the password.
  const [askingCode, setAskingCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const navigate = useNavigate();
  // The tab and the notice come in the address (AUTH_SIGN_UP_PATH, AUTH_SUBSCRIBE_PATH in
  // components/header-nav.ts), so the links of pages without the app carry them too.
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(search.get('tab') === 'signup' ? 'signup' : 'signin');
  // From /pricing without the app: the notice the app shows there before coming here (useCheckout),
  // once (it leaves the address, so a reload does not repeat it).
  const notice = search.get('notice');
  useEffect(() => {
    if (notice !== 'subscribe') return;
    notifyError(PAYMENT_MESSAGES.signInTitle, PAYMENT_MESSAGES.signIn);
    navigate('/auth', { replace: true });
  }, [notice, navigate]);
  usePageMeta(pageTitle(tab === 'signup' ? 'Cadastrar' : 'Entrar'));
  const [submitting, setSubmitting] = useState(false);

  const [signInEmail, setSignInEmail] = useState('');
  const [signInPassword, setSignInPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [signUpEmail, setSignUpEmail] = useState('');
  const [signUpPassword, setSignUpPassword] = useState('');

  if (status === 'loading') return <PageLoader />;
  if (status === 'signedIn' && !submitting) return <Navigate to="/" replace />;

  async function handleSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email: signInEmail, password: signInPassword });
    if (!parsed.success) {
      notifyError(MESSAGES.signInError, firstIssue(parsed.error).message);
      return;
    }
    setSubmitting(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
      notifySuccess(MESSAGES.signInSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof NewPasswordRequired) {
        setChoosingPassword(true);
        return;
      }
      if (error instanceof TotpRequired) {
        setCode('');
        setCodeError(null);
        setAskingCode(true);
        return;
      }
      notifyError(MESSAGES.signInError, error instanceof Error ? error.message : MESSAGES.invalidCredentials);
    }
  }

  async function handleNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpSchema.shape.password.safeParse(newPassword);
    if (!parsed.success) {
      notifyError('Erro', firstIssue(parsed.error).message);
      return;
    }
    setSubmitting(true);
    try {
      await confirmNewPassword(parsed.data);
      notifySuccess(MESSAGES.signInSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      notifyError('Erro', error instanceof Error ? error.message : 'Não foi possível definir a nova senha.');
      setSubmitting(false);
    }
  }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!TOTP_CODE_PATTERN.test(code)) {
      setCodeError('Digite os 6 dígitos do código.');
      return;
    }
    setCodeError(null);
    setSubmitting(true);
    try {
      await confirmTotp(code);
      notifySuccess(MESSAGES.signInSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      setSubmitting(false);
      setCode('');
      setCodeError(error instanceof Error ? error.message : 'Não foi possível confirmar o código. Tente novamente.');
    }
  }

  function backToPassword() {
    setAskingCode(false);
    setCode('');
    setCodeError(null);
    setSignInPassword('');
  }

  async function handleSignUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpSchema.safeParse({ fullName, email: signUpEmail, password: signUpPassword });
    if (!parsed.success) {
      notifyError(MESSAGES.signUpError, firstIssue(parsed.error).message);
      return;
    }
    setSubmitting(true);
    try {
      await signUp(parsed.data);
    } catch (error) {
      notifyError(MESSAGES.signUpError, errorMessage(error, 'Não foi possível criar a conta. Tente novamente.'));
      setSubmitting(false);
      return;
    }
    try {
      await signIn(parsed.data.email, parsed.data.password);
    } catch (error) {
      // The account exists; let the user sign in by hand.
      notifySuccess(MESSAGES.signUpSuccess);
      notifyError(MESSAGES.signInError, error instanceof Error ? error.message : MESSAGES.invalidCredentials);
      setSignInEmail(parsed.data.email);
      setTab('signin');
      setSubmitting(false);
      return;
    }
    notifySuccess(MESSAGES.signUpSignedIn);
    navigate('/', { replace: true });
  }

  return (
    <Container size={460} py={48}>
      <Paper withBorder shadow="sm" radius="md" p="xl">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1} size="h2">
            Bem-vindo ao Portal Plural
          </Title>
          <Text c="dimmed" size="sm">
            Entre na sua conta ou crie uma nova para participar da comunidade.
          </Text>
        </Stack>
        <Tabs keepMounted={false} value={tab} onChange={(value) => setTab(value === 'signup' ? 'signup' : 'signin')}>
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="signin">Entrar</Tabs.Tab>
            <Tabs.Tab value="signup">Cadastrar</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="signin">
            {askingCode ? (
              <form noValidate onSubmit={(event) => void handleCode(event)} aria-label="Verificação em duas etapas">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    Verificação em duas etapas
                  </Title>
                  <Text size="sm" c="dimmed">
                    Abra o aplicativo autenticador no seu celular e digite o código de 6 dígitos que ele mostra para o Portal Plural.
                  </Text>
                  <TotpCodeInput value={code} onChange={setCode} error={codeError} required data-autofocus autoFocus />
                  <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
                    Confirmar
                  </Button>
                  <Anchor component="button" type="button" size="sm" ta="center" onClick={backToPassword}>
                    Voltar e entrar com outra conta
                  </Anchor>
                </Stack>
              </form>
            ) : choosingPassword ? (
              <form noValidate onSubmit={(event) => void handleNewPassword(event)} aria-label="Defina sua nova senha">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    Defina sua nova senha
                  </Title>
                  <Text size="sm" c="dimmed">
                    Você entrou com a senha temporária do convite. Escolha a sua: pelo menos 8 caracteres, com uma letra
                    maiúscula e um número.
                  </Text>
                  <PasswordInput
                    label="Nova senha"
                    name="new-password"
                    autoComplete="new-password"
                    value={newPassword}
                    onChange={(event) => setNewPassword(event.currentTarget.value)}
                    required
                    data-autofocus
                  />
                  <Button type="submit" fullWidth disabled={submitting}>
                    {submitting ? 'Salvando...' : 'Salvar senha'}
                  </Button>
                </Stack>
              </form>
            ) : (
            <form noValidate onSubmit={(event) => void handleSignIn(event)} aria-label="Entrar">
              <Stack gap="md">
                <TextInput
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="seu@email.com"
                  value={signInEmail}
                  onChange={(event) => setSignInEmail(event.currentTarget.value)}
                  required
                />
                <PasswordInput
                  label="Senha"
                  name="password"
                  autoComplete="current-password"
                  value={signInPassword}
                  onChange={(event) => setSignInPassword(event.currentTarget.value)}
                  required
                />
                <Button type="submit" fullWidth disabled={submitting}>
                  {submitting ? 'Entrando...' : 'Entrar'}
                </Button>
              </Stack>
            </form>
            )}
          </Tabs.Panel>

          <Tabs.Panel value="signup">
            <form noValidate onSubmit={(event) => void handleSignUp(event)} aria-label="Cadastrar">
              <Stack gap="md">
                <TextInput
                  label="Nome completo"
                  name="fullName"
                  autoComplete="name"
                  placeholder="Seu nome"
                  value={fullName}
                  onChange={(event) => setFullName(event.currentTarget.value)}
                  required
                />
                <TextInput
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="seu@email.com"
                  value={signUpEmail}
                  onChange={(event) => setSignUpEmail(event.currentTarget.value)}
                  required
                />
                <PasswordInput
                  label="Senha"
                  name="password"
                  autoComplete="new-password"
                  placeholder={PASSWORD_PLACEHOLDER}
                  description={PASSWORD_HINT}
                  minLength={LIMITS.passwordMin}
                  maxLength={LIMITS.passwordMax}
                  value={signUpPassword}
                  onChange={(event) => setSignUpPassword(event.currentTarget.value)}
                  required
                />
                <Button type="submit" fullWidth disabled={submitting}>
                  {submitting ? 'Cadastrando...' : 'Cadastrar'}
                </Button>
                <PrivacyLink ta="center" />
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Container>
  );
}
