// The Premium section of /settings (spec 2 "Settings"): the subscription's status, provider, method
// and period, and how to manage it. Stripe's subscriptions are managed in its Customer Portal;
// Mercado Pago's are cancelled here (the access lasts until the end of the paid period), a PIX or
// boleto month near its end is renewed from /pricing, and a PIX or boleto issued and not yet paid
// is shown with what to pay until it is paid or expires.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { METHOD_LABELS, PAYMENT_MESSAGES, PROVIDER_LABELS, type SubscriptionCheck } from '../../../../../shared/payments';
import { useAuth } from '../../../auth/context';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { userKeys } from '../../users/api/keys';
import { cancelSubscription, fetchSubscription, openCustomerPortal, paymentKeys } from '../api/payments';
import { usePageRestored } from '../hooks/usePageRestored';
import { periodText, renewalDue, STATUS_COLORS, statusLabel } from '../lib/subscription';
import { PendingPaymentCard } from './PendingPaymentCard';

function Details({ check }: { check: SubscriptionCheck }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Held from the click until Stripe's page replaces this one.
  const [leaving, setLeaving] = useState(false);
  usePageRestored(() => setLeaving(false));
  const subscription = check.subscription;

  const portal = useMutation({
    mutationFn: openCustomerPortal,
    onSuccess: ({ url }) => {
      setLeaving(true);
      // Same tab: the portal's way back leads to /settings.
      window.location.assign(url);
    },
    onError: (error) => notifyError('Erro', errorMessage(error, PAYMENT_MESSAGES.portalError)),
  });

  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (result) => {
      queryClient.setQueryData(paymentKeys.subscription(user?.userId), result);
      void queryClient.invalidateQueries({ queryKey: userKeys.allMe() });
      setConfirming(false);
      const end = formatDate(result.subscription?.current_period_end);
      notifySuccess('Assinatura cancelada', end ? `Seu acesso Premium continua até ${end}.` : 'Nenhuma nova cobrança será feita.');
    },
    onError: (error) => notifyError('Erro', errorMessage(error, PAYMENT_MESSAGES.cancelError)),
  });

  if (!subscription) {
    return (
      <Text size="sm">
        Você não possui uma assinatura Premium.{' '}
        <Anchor component={Link} to="/pricing">
          Conheça os planos
        </Anchor>
      </Text>
    );
  }

  const period = periodText(subscription);
  const ended = subscription.status === 'cancelled' && !check.subscribed;
  // A checkout never paid (a boleto or PIX waiting) has nothing to cancel: it simply expires.
  const cancellable = subscription.provider === 'mercadopago' && !subscription.cancel_at_period_end && subscription.status !== 'cancelled' && subscription.status !== 'incomplete';
  const end = formatDate(subscription.current_period_end);

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={subscription.pending_payment && subscription.status === 'incomplete' ? 'orange' : STATUS_COLORS[subscription.status]} variant="light" tt="none">
          {statusLabel(subscription)}
        </Badge>
        <Text size="sm" c="dimmed">
          {PROVIDER_LABELS[subscription.provider]} · {METHOD_LABELS[subscription.method]}
        </Text>
      </Group>
      {period && <Text size="sm">{period}</Text>}
      {subscription.pending_payment && <PendingPaymentCard payment={subscription.pending_payment} inSettings />}
      {subscription.status === 'incomplete' && !subscription.pending_payment && (
        <Text size="sm" c="dimmed">
          Aguardando a confirmação do pagamento.{' '}
          <Anchor component={Link} to="/pricing" size="sm">
            Ver planos
          </Anchor>
        </Text>
      )}
      {subscription.status === 'past_due' && (
        <Text size="sm" c="orange.9">
          {subscription.provider === 'stripe'
            ? 'O último pagamento não foi confirmado. Atualize o cartão em Gerenciar assinatura para manter o acesso Premium.'
            : 'O último pagamento não foi confirmado.'}
        </Text>
      )}
      {ended && (
        <Text size="sm">
          Sua assinatura terminou.{' '}
          <Anchor component={Link} to="/pricing">
            Assine novamente
          </Anchor>
        </Text>
      )}
      <Group gap="sm">
        {subscription.provider === 'stripe' && !ended && (
          <Button
            variant="default"
            rightSection={<IconExternalLink size={16} aria-hidden />}
            loading={portal.isPending || leaving}
            onClick={() => portal.mutate()}
          >
            Gerenciar assinatura
          </Button>
        )}
        {renewalDue(subscription) && (
          <Button component={Link} to="/pricing" color="yellow" c="dark.8">
            Renovar
          </Button>
        )}
        {cancellable && (
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            Cancelar assinatura
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Cancelar assinatura"
        confirmLabel="Cancelar assinatura"
        cancelLabel="Manter assinatura"
        danger
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {end
          ? `Nenhuma nova cobrança será feita. Você continua com acesso Premium até ${end}, o fim do período já pago.`
          : 'Nenhuma nova cobrança será feita. Você continua com acesso Premium até o fim do período já pago.'}
      </ConfirmDialog>
    </Stack>
  );
}

export function SubscriptionSection() {
  const { user } = useAuth();
  const check = useQuery({
    queryKey: paymentKeys.subscription(user?.userId),
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled: Boolean(user),
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="subscription-title">
      <Group gap="xs" mb="md">
        <IconCrown size={20} aria-hidden />
        <Title order={2} size="h4" id="subscription-title">
          Assinatura Premium
        </Title>
      </Group>
      {check.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={22} width="50%" />
          <Skeleton height={18} width="35%" />
          <Skeleton height={36} width={200} />
        </Stack>
      ) : check.isError ? (
        <RetryAlert
          message={errorMessage(check.error, 'Não foi possível carregar a assinatura.')}
          onRetry={() => void check.refetch()}
          retrying={check.isFetching}
          compact
        />
      ) : (
        <Details check={check.data} />
      )}
    </Paper>
  );
}
