// /pricing (spec 2 "Pricing"): the Gratuito and Premium plans, how to pay for Premium (Stripe or
// Mercado Pago), what subscribers see instead, and the FAQ. Open to everyone: subscribing asks a
// signed-out reader to sign in first.
import type { ReactNode } from 'react';
import { Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarRepeat, IconCircleCheck, IconCrown, IconLock, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PREMIUM_PRICE_BRL, REFUND_GUARANTEE_DAYS, type SubscriptionView } from '../../../../../shared/payments';
import { useAuth } from '../../../auth/context';
import { useMe } from '../../../auth/useMe';
import { formatDate } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useRenderInfo } from '../../../lib/render-context';
import { fetchSubscription, paymentKeys } from '../api/payments';
import { MercadoPagoOptions, PaymentOptions } from '../components/PaymentOptions';
import { BenefitList, Price, type Benefit } from '../components/PlanParts';
import { PricingFaq } from '../components/PricingFaq';
import { useCheckout, type Checkout } from '../hooks/useCheckout';
import { renewalDue } from '../lib/subscription';
import { PRICING_DESCRIPTION, PRICING_TITLE } from '../meta';
import { AUTH_SIGN_UP_PATH } from '../../../components/header-nav';
import '../../../styles/staff.css';
import '../pricing.css';

const FREE_BENEFITS: Benefit[] = [
  { text: 'Artigos públicos do portal' },
  { text: 'Acesso limitado ao conteúdo Premium', included: false },
];

const PREMIUM_BENEFITS: Benefit[] = [
  { text: 'Acesso ilimitado a todo o conteúdo Premium' },
  { text: 'Novos artigos exclusivos toda semana' },
  { text: 'Navegação sem anúncios' },
  { text: 'Suporte prioritário' },
  { text: 'Cancele quando quiser' },
];

const ASSURANCES: { icon: typeof IconLock; title: string; text: string }[] = [
  { icon: IconLock, title: 'Pagamento seguro', text: 'Feito na Stripe ou no Mercado Pago: os dados do seu cartão não passam pelo portal.' },
  { icon: IconCalendarRepeat, title: 'Cancele quando quiser', text: 'Sem multa. O acesso continua até o fim do período pago.' },
  { icon: IconReceiptRefund, title: `Garantia de ${REFUND_GUARANTEE_DAYS} dias`, text: 'Não gostou? Devolvemos o valor integral.' },
];

function SubscriberNotice({ subscription, checkout }: { subscription: SubscriptionView | null | undefined; checkout: Checkout }) {
  const renew = renewalDue(subscription);
  const end = formatDate(subscription?.current_period_end);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-3)' }}>
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon color="teal" variant="light" size={32} radius="xl" aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={700}>Você já é assinante Premium</Text>
            <Text size="sm" c="dimmed">
              {renew && end
                ? `Seu mês atual vai até ${end}. Pague o próximo para continuar com o Premium sem interrupção.`
                : 'Obrigado por apoiar o jornalismo do Portal Plural. Aproveite todo o conteúdo exclusivo, sem anúncios.'}
            </Text>
          </Stack>
        </Group>
      </Paper>
      {renew && <MercadoPagoOptions checkout={checkout} cta="Renovar com" />}
      <Button component={Link} to="/settings" variant={renew ? 'default' : 'filled'} size="md" fullWidth>
        Gerenciar assinatura
      </Button>
    </Stack>
  );
}

function PlanCard({ premium = false, children, labelledBy }: { premium?: boolean; children: ReactNode; labelledBy: string }) {
  return (
    <Paper component="section" withBorder={!premium} radius="lg" className={premium ? 'plan-card plan-card--premium' : 'plan-card'} aria-labelledby={labelledBy}>
      {children}
    </Paper>
  );
}

export default function PricingPage() {
  usePageMeta(PRICING_TITLE, PRICING_DESCRIPTION);
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn';
  // The server's page is the signed-out reader's (their links to sign in work without the app, see
  // web/src/islands/pricing.island.ts); the browser shows the same until the session is known.
  const { signedOutView } = useRenderInfo();
  const pending = status === 'loading' && signedOutView === true;
  const signedOut = status === 'signedOut' || pending;
  const me = useMe();
  const check = useQuery({
    queryKey: paymentKeys.subscription(user?.userId),
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled: signedIn,
  });
  const started = useCheckout();
  const checkout = pending ? { ...started, ready: true } : started;
  const subscribed = check.data?.subscribed ?? me.data?.subscription.subscribed ?? false;
  // Who reads is not known yet: no buttons that may turn out wrong.
  const unknown = (status === 'loading' && !pending) || (signedIn && !check.data && !me.data && !check.isError && !me.isError);

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap={48}>
        <Stack component="header" gap="sm" className="pricing-hero">
          <Text className="pricing-kicker">Assinatura</Text>
          <Title order={1} className="pricing-title">
            Jornalismo plural, sem limites
          </Title>
          <Text size="lg" c="dimmed">
            Assine o Premium e leia todas as reportagens, análises e artigos exclusivos do Portal Plural, sem anúncios e sem
            interrupções.
          </Text>
        </Stack>

        <div className="plan-grid" data-island={pending ? 'pricing' : undefined}>
          <PlanCard labelledBy="plan-free">
            <Stack gap={4}>
              <Title order={2} size="h3" id="plan-free">
                Gratuito
              </Title>
              <Text size="sm" c="dimmed">
                Para acompanhar as notícias do dia.
              </Text>
            </Stack>
            <Price value={0} />
            <BenefitList items={FREE_BENEFITS} />
            {signedOut && (
              <Button component={Link} to={AUTH_SIGN_UP_PATH} variant="default" size="md" fullWidth className={pending ? 'session-pending' : undefined}>
                Criar conta grátis
              </Button>
            )}
            {signedIn && !unknown && !subscribed && (
              <Button variant="default" size="md" fullWidth disabled>
                Seu plano atual
              </Button>
            )}
          </PlanCard>

          <PlanCard premium labelledBy="plan-premium">
            <Badge className="plan-ribbon" color="yellow" c="dark.8" size="lg" radius="sm">
              {subscribed ? 'Seu plano' : 'Recomendado'}
            </Badge>
            <Stack gap={4}>
              <Group gap="xs">
                <IconCrown size={26} color="var(--mantine-color-yellow-7)" aria-hidden />
                <Title order={2} size="h3" id="plan-premium">
                  Premium
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                Para quem quer ler tudo, do jeito que quiser.
              </Text>
            </Stack>
            <Price value={PREMIUM_PRICE_BRL} />
            <BenefitList items={PREMIUM_BENEFITS} />
            {unknown ? (
              <Skeleton height={220} radius="md" />
            ) : subscribed ? (
              <SubscriberNotice subscription={check.data?.subscription} checkout={checkout} />
            ) : (
              <div className={pending ? 'session-pending' : undefined}>
                <PaymentOptions checkout={checkout} />
              </div>
            )}
          </PlanCard>
        </div>

        <div className="pricing-assurances">
          {ASSURANCES.map((item) => (
            <Group key={item.title} wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
                <item.icon size={22} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={700} size="sm">
                  {item.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.text}
                </Text>
              </Stack>
            </Group>
          ))}
        </div>

        <PricingFaq />
      </Stack>
    </Container>
  );
}
