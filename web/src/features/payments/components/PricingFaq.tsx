// The questions readers ask before subscribing (spec 2 "Pricing" FAQ).
import { Accordion, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { REFUND_GUARANTEE_DAYS, RENEWAL_NOTICE_DAYS } from '../../../../../shared/payments';

export function PricingFaq() {
  return (
    <Stack component="section" gap="md" className="pricing-faq" aria-labelledby="faq-title">
      <Title order={2} size="h3" id="faq-title" ta="center">
        Perguntas frequentes
      </Title>
      <Accordion variant="separated" radius="md">
        <Accordion.Item value="cancel">
          <Accordion.Control>Posso cancelar quando quiser?</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">
              Sim, sem multa nem burocracia. Depois do cancelamento, você continua com o acesso Premium até o fim do período
              já pago, e nada mais é cobrado.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="payment">
          <Accordion.Control>Como funciona o pagamento?</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="sm">
                No cartão de crédito, internacional ou nacional, a assinatura é renovada automaticamente todo mês.
              </Text>
              <Text size="sm">
                Com PIX ou boleto, você paga um mês por vez. Alguns dias antes do fim do período (cerca de {RENEWAL_NOTICE_DAYS}{' '}
                dias), enviamos um e-mail com um novo link de pagamento para você renovar.
              </Text>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="plan">
          <Accordion.Control>Como mudo de plano?</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">
              Pelas{' '}
              <Anchor component={Link} to="/settings" size="sm">
                Configurações
              </Anchor>{' '}
              da sua conta, onde você gerencia a assinatura: pode cancelar o Premium e voltar ao plano Gratuito quando quiser
              ou assinar de novo depois, com a forma de pagamento que preferir.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="guarantee">
          <Accordion.Control>Existe garantia?</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">
              Sim: {REFUND_GUARANTEE_DAYS} dias de garantia. Se o Premium não for para você, peça o reembolso em até{' '}
              {REFUND_GUARANTEE_DAYS} dias após a assinatura e devolvemos o valor integral.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
