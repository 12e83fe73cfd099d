// /subscription-success (spec 2 "Subscription success"): where Stripe and Mercado Pago send the
// reader back. The provider's notification may still be on its way, so the check waits a moment
// (SUCCESS_CHECK_DELAY_MS) before asking the API; a PIX or boleto issued is shown with what to pay,
// and the page keeps asking, so a PIX paid meanwhile turns into the welcome.
import { useEffect, useState } from 'react';
import { Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconCrown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SUCCESS_CHECK_DELAY_MS, type PendingPayment } from '../../../../../shared/payments';
import { useAuth } from '../../../auth/context';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { userKeys } from '../../users/api/keys';
import { fetchSubscription, paymentKeys } from '../api/payments';
import { PendingPaymentCard } from '../components/PendingPaymentCard';
import '../../../styles/staff.css';

type Phase = 'verifying' | 'active' | 'processing' | 'pending';

/** While processing, the page asks again every 5 s for two minutes. */
const RECHECK_MS = 5000;
const RECHECKS = 24;

export default function SubscriptionSuccessPage() {
  usePageMeta(pageTitle('Assinatura'));
  const { user } = useAuth();
  const userId = user?.userId;
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('verifying');
  // A boleto or PIX issued by the checkout: what to pay, shown here at once (and kept in /settings).
  const [pending, setPending] = useState<PendingPayment | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    let checks = 0;
    const check = () => {
      checks += 1;
      fetchSubscription(controller.signal)
        .then((result) => {
          queryClient.setQueryData(paymentKeys.subscription(userId), result);
          // The header, the ads and the paywall read /api/me: let them know at once, not at the next poll.
          void queryClient.invalidateQueries({ queryKey: userKeys.allMe() });
          const toPay = result.subscribed ? null : (result.subscription?.pending_payment ?? null);
          setPending(toPay);
          setPhase(result.subscribed ? 'active' : toPay ? 'pending' : 'processing');
          // A payment still being confirmed (a PIX on its way, a late notification): keep asking for a while.
          if (!result.subscribed && checks < RECHECKS) timer = window.setTimeout(check, RECHECK_MS);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('subscription check failed', error);
          setPhase('processing');
        });
    };
    timer = window.setTimeout(check, SUCCESS_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [queryClient, userId]);

  return (
    <Container size="sm" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md" aria-live="polite">
          {phase === 'verifying' && (
            <>
              <Loader size="lg" aria-hidden />
              <Title order={1} size="h2">
                Verificando sua assinatura…
              </Title>
              <Text c="dimmed">Estamos confirmando o pagamento com o provedor. Isso leva só alguns segundos.</Text>
            </>
          )}
          {phase === 'active' && (
            <>
              <ThemeIcon size={64} radius="xl" color="yellow" variant="light" aria-hidden>
                <IconCrown size={36} />
              </ThemeIcon>
              <Title order={1} size="h2">
                Bem-vindo ao Premium!
              </Title>
              <Text c="dimmed" maw={460}>
                Sua assinatura está ativa. Aproveite todo o conteúdo exclusivo do Portal Plural, sem anúncios.
              </Text>
              <Group justify="center" gap="sm">
                <Button component={Link} to="/" size="md">
                  Ir para o início
                </Button>
                <Button component={Link} to="/settings" variant="default" size="md">
                  Configurações
                </Button>
              </Group>
            </>
          )}
          {phase === 'pending' && pending && (
            <>
              <ThemeIcon size={64} radius="xl" color="orange" variant="light" aria-hidden>
                <IconClock size={36} />
              </ThemeIcon>
              <Title order={1} size="h2">
                {pending.method === 'boleto' ? 'Pague o boleto para ativar o Premium' : 'Pague o PIX para ativar o Premium'}
              </Title>
              <PendingPaymentCard payment={pending} />
            </>
          )}
          {phase === 'processing' && (
            <>
              <ThemeIcon size={64} radius="xl" color="orange" variant="light" aria-hidden>
                <IconClock size={36} />
              </ThemeIcon>
              <Title order={1} size="h2">
                Processando Assinatura
              </Title>
              <Text c="dimmed" maw={460}>
                Seu pagamento ainda está sendo confirmado. Pagamentos por PIX podem levar alguns minutos, e por boleto até 3
                dias úteis. Assim que a confirmação chegar, seu acesso Premium é liberado automaticamente.
              </Text>
              <Group justify="center" gap="sm">
                <Button component={Link} to="/" variant="default" size="md">
                  Voltar ao início
                </Button>
                <Button size="md" onClick={() => window.location.reload()}>
                  Verificar novamente
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
