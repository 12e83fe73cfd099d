// A PIX or boleto waiting to be paid, as Mercado Pago issued it: the boleto's digitable line (to
// copy into a bank's app) and its link, or the PIX QR Code and its copy-and-paste code, with the
// date it expires. Shown on the return from checkout and in /settings until it is paid or expires.
import { Anchor, Button, Code, CopyButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { PendingPayment } from '../../../../../shared/payments';
import { formatBRL, formatCardDateTime } from '../../../lib/format';

export function pendingPaymentTexts(payment: PendingPayment) {
  const boleto = payment.method === 'boleto';
  const until = formatCardDateTime(payment.expires_at);
  return {
    title: boleto ? `Boleto de ${formatBRL(payment.amount)}` : `PIX de ${formatBRL(payment.amount)}`,
    due: until ? (boleto ? `Vence em ${until}` : `Válido até ${until}`) : null,
    codeLabel: boleto ? 'Linha digitável' : 'PIX copia e cola',
    copy: boleto ? 'Copiar linha digitável' : 'Copiar código PIX',
    open: boleto ? 'Abrir o boleto' : 'Abrir no Mercado Pago',
    hint: boleto
      ? 'Pague no app ou no site do seu banco, ou numa lotérica. A compensação leva até 3 dias úteis; o acesso Premium é liberado sozinho.'
      : 'Abra o app do seu banco, escolha PIX e leia o QR Code ou cole o código. A confirmação chega em instantes e libera o acesso Premium.',
  };
}

/** `inSettings`: shown in /settings itself, so the note does not point there. */
export function PendingPaymentCard({ payment, inSettings = false }: { payment: PendingPayment; inSettings?: boolean }) {
  const texts = pendingPaymentTexts(payment);
  return (
    <Paper withBorder radius="md" p="md" ta="left" w="100%" aria-label={texts.title} component="section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{texts.title}</Text>
          {texts.due && (
            <Text size="sm" c="orange.9">
              {texts.due}
            </Text>
          )}
        </Group>
        {payment.qr_base64 && (
          <Image src={`data:image/png;base64,${payment.qr_base64}`} alt="QR Code do PIX" w={200} h={200} fit="contain" mx="auto" />
        )}
        {payment.code && (
          <Stack gap={4}>
            <Text size="sm" fw={600} id={`codigo-${payment.payment_id}`}>
              {texts.codeLabel}
            </Text>
            <Code block aria-labelledby={`codigo-${payment.payment_id}`} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {payment.code}
            </Code>
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          {texts.hint}
        </Text>
        <Group gap="sm">
          {payment.code && (
            <CopyButton value={payment.code}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                  {copied ? 'Copiado!' : texts.copy}
                </Button>
              )}
            </CopyButton>
          )}
          {payment.url && (
            <Button component="a" href={payment.url} target="_blank" rel="noopener noreferrer" variant="default" rightSection={<IconExternalLink size={16} aria-hidden />}>
              {texts.open}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Também enviamos {payment.method === 'boleto' ? 'o boleto' : 'o código'} para o seu e-mail.{' '}
          {inSettings ? (
            'Ele fica aqui até ser pago ou vencer.'
          ) : (
            <>
              Ele fica em{' '}
              <Anchor component={Link} to="/settings" size="xs">
                Configurações
              </Anchor>{' '}
              até ser pago ou vencer.
            </>
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
