// The danger zone of /settings (LGPD art. 18 VI): what deleting the account does, and a dialog that
// asks for the password again and for EXCLUIR typed out. Once the request is accepted the account can
// no longer sign in: the reader is signed out here and taken to the home page, which says so.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { DELETION_CONFIRMATION, deletionSchema, PRIVACY_MESSAGES, RETENTION } from '../../../../../shared/privacy';
import { useAuth } from '../../../auth/context';
import { ApiRequestError } from '../../../lib/api';
import { requestMessage } from '../../articles/lib/errors';
import { useDeleteAccount } from '../hooks/useDataRequests';
import { announceAccountDeleted } from './AccountDeletedNotice';

function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const confirmed = confirmation.trim() === DELETION_CONFIRMATION;

  function close() {
    if (deletion.isPending) return;
    setPassword('');
    setConfirmation('');
    setPasswordError(null);
    setFormError(null);
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed || deletion.isPending) return;
    const parsed = deletionSchema.safeParse({ password, confirmation: confirmation.trim() });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'password') setPasswordError(issue.message);
      else setFormError(issue?.message ?? PRIVACY_MESSAGES.wrongPassword);
      return;
    }
    setPasswordError(null);
    setFormError(null);
    deletion.mutate(parsed.data, {
      onSuccess: () => {
        // The home page says so in a notice that stays (AccountDeletedNotice). The local session is
        // dropped first (the account is already disabled, so the server side of the sign-out fails
        // fast; that is expected): navigating first left the home's feed loading for ever, the
        // sign-out's cache clear removing its query in flight.
        announceAccountDeleted();
        void signOut().then(() => navigate('/', { replace: true }));
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && (error.field === 'password' || error.message === PRIVACY_MESSAGES.wrongPassword)) {
          setPasswordError(error.message || PRIVACY_MESSAGES.wrongPassword);
        } else {
          setFormError(requestMessage(error, 'Não foi possível excluir sua conta. Tente novamente.'));
        }
      },
    });
  }

  return (
    <Modal opened={opened} onClose={close} title="Excluir sua conta?" centered closeOnClickOutside={!deletion.isPending} closeOnEscape={!deletion.isPending}>
      <form noValidate onSubmit={handleSubmit} aria-label="Confirmar exclusão da conta">
        <Stack gap="md">
          <Text size="sm">
            Esta ação não pode ser desfeita. Sua conta, seu login e seus dados pessoais serão apagados em alguns minutos, e você será
            desconectado.
          </Text>
          <PasswordInput
            label="Senha"
            description="Digite sua senha de novo para confirmar que é você."
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordError(null);
            }}
            error={passwordError}
            disabled={deletion.isPending}
            data-autofocus
          />
          <TextInput
            label="Digite EXCLUIR para confirmar"
            name="confirmation"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            disabled={deletion.isPending}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={deletion.isPending}>
              Cancelar
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={deletion.isPending}>
              Excluir conta definitivamente
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteAccountSection({ isMaster = false }: { isMaster?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="delete-account-title"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Group gap="xs" mb="md">
        <IconAlertTriangle size={20} color="var(--mantine-color-red-7)" aria-hidden />
        <Title order={2} size="h4" id="delete-account-title" c="red.8">
          Excluir minha conta
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">Ao excluir sua conta:</Text>
        <List size="sm" spacing={4}>
          <List.Item>sua conta e seu login são apagados;</List.Item>
          <List.Item>seu histórico de leitura, sua inscrição na newsletter e seus consentimentos são apagados;</List.Item>
          <List.Item>suas assinaturas são canceladas no provedor de pagamento;</List.Item>
          <List.Item>os artigos que você publicou permanecem no portal, assinados como “Autor Anônimo”;</List.Item>
          <List.Item>
            os registros de pagamento são guardados por {RETENTION.paymentRecordYears} anos, exigência da lei fiscal, sem vínculo com você.
          </List.Item>
        </List>
        <Text size="sm">A exclusão leva alguns minutos e não pode ser desfeita.</Text>
        {isMaster && (
          <Text size="sm" c="orange.9">
            Você é administrador master: para excluir sua conta, outro master precisa remover esse papel antes.
          </Text>
        )}
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpened(true)}>
            Excluir minha conta
          </Button>
        </Group>
      </Stack>
      <DeleteAccountDialog opened={opened} onClose={() => setOpened(false)} />
    </Paper>
  );
}
