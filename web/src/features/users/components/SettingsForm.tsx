// The settings form (spec 5 "Profile"): the account, the public profile and the Premium subscription.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Divider, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Me } from '../../../../../shared/api-types';
import { firstIssue, LIMITS, profileSchema } from '../../../../../shared/auth';
import { MESSAGES } from '../../../../../shared/messages';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { useAuth } from '../../../auth/context';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { NewsletterSettings } from '../../newsletter/components/NewsletterSettings';
import { SubscriptionSection } from '../../payments/components/SubscriptionSection';
import { PrivacyLink } from '../../privacy/components/PrivacyLink';
import { userKeys } from '../api/keys';
import { updateProfile } from '../api/users';

export function SettingsForm({ me }: { me: Me }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState(me.profile.full_name);
  const [avatarUrl, setAvatarUrl] = useState(me.profile.avatar_url);
  const [bio, setBio] = useState(me.profile.bio);
  const [paymentAccount, setPaymentAccount] = useState(me.profile.payment_account);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileSchema.safeParse({
      full_name: fullName,
      avatar_url: avatarUrl,
      bio,
      payment_account: paymentAccount,
    });
    if (!parsed.success) {
      notifyError('Erro', firstIssue(parsed.error).message);
      return;
    }
    setSaving(true);
    try {
      const profile = await updateProfile(parsed.data);
      queryClient.setQueryData<Me>(userKeys.me(user?.userId), (previous) => (previous ? { ...previous, profile } : previous));
      setFullName(profile.full_name);
      setAvatarUrl(profile.avatar_url);
      setBio(profile.bio);
      setPaymentAccount(profile.payment_account);
      notifySuccess('Sucesso!', MESSAGES.settingsSaved);
    } catch (error) {
      notifyError('Erro', errorMessage(error, MESSAGES.settingsError));
    } finally {
      setSaving(false);
    }
  }

  const { roles } = me;
  const bioTooLong = bio.length > LIMITS.bioMax;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="Configurações">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-title">
          <Title order={2} size="h4" id="account-title" mb="md">
            Conta
          </Title>
          <Stack gap="md">
            <TextInput
              label="Email"
              value={me.profile.email}
              readOnly
              variant="filled"
              description="O e-mail não pode ser alterado."
            />
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Papéis
              </Text>
              {roles.length > 0 ? (
                <Group gap="xs">
                  {roles.map((role) => (
                    <Badge key={role} variant="light" size="lg" tt="none">
                      {ROLE_LABELS[role]}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Stack gap={2}>
                  <Text size="sm">Sem papéis atribuídos</Text>
                  <Text size="xs" c="dimmed">
                    Entre em contato com um administrador para receber um papel de autor ou editor.
                  </Text>
                </Stack>
              )}
            </Stack>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-title">
          <Title order={2} size="h4" id="profile-title" mb="md">
            Perfil público
          </Title>
          <Stack gap="md">
            <TextInput
              label="Nome completo"
              name="full_name"
              autoComplete="name"
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              required
            />
            <TextInput
              label="URL do avatar"
              name="avatar_url"
              type="url"
              placeholder="https://..."
              value={avatarUrl}
              onChange={(event) => setAvatarUrl(event.currentTarget.value)}
            />
            <Stack gap={4}>
              <Textarea
                label="Bio"
                name="bio"
                placeholder="Conte um pouco sobre você"
                autosize
                minRows={3}
                maxRows={8}
                value={bio}
                onChange={(event) => setBio(event.currentTarget.value)}
                error={bioTooLong ? 'Bio deve ter no máximo 500 caracteres' : undefined}
              />
              <Text size="xs" c={bioTooLong ? 'red' : 'dimmed'} ta="right" aria-live="polite">
                {bio.length}/{LIMITS.bioMax}
              </Text>
            </Stack>
            <TextInput
              label="Conta de pagamento"
              name="payment_account"
              description="Conta para receber pagamentos por artigos (PIX ou dados bancários)."
              value={paymentAccount}
              onChange={(event) => setPaymentAccount(event.currentTarget.value)}
            />
            <PrivacyLink />
          </Stack>
        </Paper>

        <SubscriptionSection />
        <NewsletterSettings />

        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate('/dashboard')} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
