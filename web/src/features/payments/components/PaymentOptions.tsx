// How to pay for Premium (spec 2 "Pricing"): two tabs, an international card through Stripe and the
// Brazilian ways through Mercado Pago, where the reader picks PIX, boleto or a national card first.
import { useState } from 'react';
import { Button, Group, Radio, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconBarcode, IconCreditCard, IconLock, IconQrcode, IconWorld, type Icon } from '@tabler/icons-react';
import type { PaymentMethod } from '../../../../../shared/payments';
import type { Checkout } from '../hooks/useCheckout';

/** `noun` ends the button: 'Assinar com boleto'. */
const METHOD_OPTIONS: { value: PaymentMethod; label: string; noun: string; description: string; icon: Icon }[] = [
  { value: 'pix', label: 'PIX', noun: 'PIX', description: 'Aprovado em instantes. Você paga um mês por vez.', icon: IconQrcode },
  { value: 'boleto', label: 'Boleto bancário', noun: 'boleto', description: 'Compensa em até 3 dias úteis. Você paga um mês por vez.', icon: IconBarcode },
  { value: 'card', label: 'Cartão nacional', noun: 'cartão', description: 'Crédito, renovado automaticamente todo mês.', icon: IconCreditCard },
];

const isMethod = (value: string): value is PaymentMethod => METHOD_OPTIONS.some((option) => option.value === value);

function SecureNote({ provider }: { provider: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <IconLock size={14} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text size="xs" c="dimmed">
        Você conclui o pagamento no ambiente seguro {provider}.
      </Text>
    </Group>
  );
}

/** Mercado Pago's three ways; `cta` names the button once one is picked ('Assinar com', 'Renovar com'). */
export function MercadoPagoOptions({ checkout, cta = 'Assinar com' }: { checkout: Checkout; cta?: string }) {
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const pending = checkout.pending?.provider === 'mercadopago';
  return (
    <Stack gap="sm">
      <Radio.Group
        value={method}
        onChange={(value) => isMethod(value) && setMethod(value)}
        label="Escolha a forma de pagamento"
        labelProps={{ mb: 'xs' }}
      >
        <Stack gap="xs">
          {METHOD_OPTIONS.map((option) => (
            <Radio.Card key={option.value} value={option.value} className="method-card" radius="md" p="sm" disabled={pending}>
              <Group wrap="nowrap" align="center" gap="sm">
                <Radio.Indicator />
                <ThemeIcon variant="light" size={34} radius="md" aria-hidden>
                  <option.icon size={20} />
                </ThemeIcon>
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {option.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {option.description}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Button
        size="md"
        fullWidth
        color="yellow"
        c="dark.8"
        disabled={!method || !checkout.ready || (checkout.pending !== null && !pending)}
        loading={pending}
        onClick={() => method && checkout.start({ provider: 'mercadopago', method })}
      >
        {method ? `${cta} ${METHOD_OPTIONS.find((option) => option.value === method)?.noun ?? ''}` : 'Escolha uma forma de pagamento'}
      </Button>
      <SecureNote provider="do Mercado Pago" />
    </Stack>
  );
}

export function PaymentOptions({ checkout }: { checkout: Checkout }) {
  const [tab, setTab] = useState<string | null>('stripe');
  const pending = checkout.pending?.provider === 'stripe';
  return (
    <Stack gap="sm">
      <Text fw={700}>Como você quer pagar?</Text>
      <Tabs value={tab} onChange={setTab} variant="outline" className="payment-tabs">
        <Tabs.List grow>
          <Tabs.Tab value="stripe" leftSection={<IconWorld size={16} aria-hidden />}>
            Cartão internacional
          </Tabs.Tab>
          <Tabs.Tab value="mercadopago" leftSection={<IconQrcode size={16} aria-hidden />}>
            PIX, boleto ou cartão nacional
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stripe" pt="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Cartão de crédito de qualquer bandeira, emitido no Brasil ou no exterior. A cobrança é feita pela Stripe e
              renovada automaticamente todo mês.
            </Text>
            <Button
              size="md"
              fullWidth
              color="yellow"
              c="dark.8"
              leftSection={<IconCreditCard size={18} aria-hidden />}
              disabled={!checkout.ready || (checkout.pending !== null && !pending)}
              loading={pending}
              onClick={() => checkout.start({ provider: 'stripe' })}
            >
              Assinar com cartão
            </Button>
            <SecureNote provider="da Stripe" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="mercadopago" pt="md">
          <MercadoPagoOptions checkout={checkout} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
