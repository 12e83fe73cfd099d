// /settings (spec 2 "Settings", 5 "Profile"): e-mail, roles, public profile, the Premium subscription
// and the newsletter (a switch that saves at once, apart from the form's Salvar); then, outside the form,
// the two-step verification (an authenticator app, required of the newsroom), Meus dados (a copy of one's data, the consents) and the deletion of the account (LGPD).
import { Container, Skeleton, Stack, Title } from '@mantine/core';
import { useMe } from '../../../auth/useMe';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { DeleteAccountSection } from '../../privacy/components/DeleteAccountSection';
import { MyDataSection } from '../../privacy/components/MyDataSection';
import { SettingsForm } from '../components/SettingsForm';
import { TwoStepSection } from '../components/TwoStepSection';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

export default function SettingsPage() {
  usePageMeta(pageTitle('Configurações'));
  const me = useMe();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Configurações
      </Title>
      {me.isPending ? (
        <Stack gap="lg" aria-busy="true">
          <Skeleton height={160} radius="md" />
          <Skeleton height={320} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : me.isError ? (
        <RetryAlert
          message={errorMessage(me.error, 'Não foi possível carregar as configurações.')}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      ) : (
        <Stack gap="lg">
          <SettingsForm me={me.data} />
          <TwoStepSection me={me.data} />
          <MyDataSection />
          <DeleteAccountSection isMaster={me.data.roles.includes('master')} />
        </Stack>
      )}
    </Container>
  );
}
