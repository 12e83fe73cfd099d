// The e-mails of a Premium subscription: welcome, a failed charge, a PIX or boleto month about to end
// (with its new payment link), and a cancellation (with the day access ends).
import { formatNumericDate } from '../../../shared/format';
import type { PAYMENT_EVENTS } from '../../payments/public';
import type { EventDetail } from '../../platform/domain-events';
import { renderEmail } from '../render';
import type { Mail } from '../transport';
import { Letter, type LetterProps } from './letter';

type Detail<N extends keyof typeof PAYMENT_EVENTS> = EventDetail<typeof PAYMENT_EVENTS, N>;

/** dd/mm/aaaa in Brasília's time (the portal's one formatter). */
export const brasiliaDate = (iso: string | null): string => formatNumericDate(iso);

async function letter(to: string, subject: string, props: Omit<LetterProps, 'preview'> & { paragraphs: readonly string[] }): Promise<Mail> {
  const { html, text } = await renderEmail(<Letter preview={props.paragraphs[0] ?? subject} {...props} />);
  return { to, subject, html, text };
}

export function premiumWelcomeMail(event: Detail<'SubscriptionActivated'>, siteUrl: string): Promise<Mail> {
  const recurring = event.method === 'card';
  return letter(event.email, 'Bem-vindo ao Premium do Portal Plural', {
    fullName: event.full_name,
    paragraphs: [
      'Sua assinatura Premium está ativa: todo o conteúdo exclusivo do portal, sem anúncios.',
      recurring
        ? `A assinatura renova sozinha todo mês (R$ 50,00); a próxima cobrança é em ${brasiliaDate(event.current_period_end)}. Cancele quando quiser em Configurações.`
        : `Seu mês pago vai até ${brasiliaDate(event.current_period_end)}. Alguns dias antes mandaremos um novo link de pagamento.`,
      'Se mudar de ideia em até 7 dias, devolvemos o valor pago.',
    ],
    action: { url: `${siteUrl}/`, label: 'Ler as notícias' },
  });
}

export function paymentFailedMail(event: Detail<'SubscriptionPaymentFailed'>, siteUrl: string): Promise<Mail> {
  return letter(event.email, 'Não conseguimos cobrar sua assinatura Premium', {
    fullName: event.full_name,
    paragraphs: [
      'A cobrança da renovação da sua assinatura Premium não foi aprovada, e o acesso ao conteúdo exclusivo ficou suspenso.',
      'Atualize a forma de pagamento em Configurações para voltar a ler tudo.',
    ],
    action: { url: `${siteUrl}/settings`, label: 'Atualizar pagamento' },
  });
}

/** A PIX or boleto issued: what to pay, until when, the code to copy and the page that shows it (the QR for PIX). */
export function paymentPendingMail(event: Detail<'SubscriptionPaymentPending'>, siteUrl: string): Promise<Mail> {
  const boleto = event.method === 'boleto';
  const amount = `R$ ${event.amount.toFixed(2).replace('.', ',')}`;
  const until = event.expires_at ? ` até ${brasiliaDate(event.expires_at)}` : '';
  return letter(event.email, boleto ? 'Seu boleto do Portal Plural Premium' : 'Seu PIX do Portal Plural Premium', {
    fullName: event.full_name,
    paragraphs: [
      `Para ativar sua assinatura Premium, pague ${amount} por ${boleto ? 'boleto' : 'PIX'}${until}.`,
      ...(event.code ? [boleto ? `Linha digitável do boleto: ${event.code}` : `PIX copia e cola: ${event.code}`] : []),
      `Assim que o pagamento for confirmado, seu acesso Premium é liberado automaticamente. Até lá, ${boleto ? 'o boleto' : 'o código'} também fica em ${siteUrl}/settings.`,
    ],
    action: event.url ? { url: event.url, label: boleto ? 'Abrir o boleto' : 'Abrir o QR Code do PIX' } : { url: `${siteUrl}/settings`, label: 'Ver como pagar' },
  });
}

export function renewalDueMail(event: Detail<'SubscriptionRenewalDue'>): Promise<Mail> {
  const method = event.method === 'boleto' ? 'boleto' : 'PIX';
  return letter(event.email, 'Sua assinatura Premium termina em breve', {
    fullName: event.full_name,
    paragraphs: [
      `Seu mês de assinatura Premium termina em ${brasiliaDate(event.current_period_end)}.`,
      `Para continuar lendo sem interrupção, pague o próximo mês (R$ 50,00) por ${method} pelo link abaixo. O novo mês começa quando o atual terminar.`,
    ],
    action: { url: event.payment_url, label: `Pagar o próximo mês por ${method}` },
  });
}

export function cancelledMail(event: Detail<'SubscriptionCancelled'>, siteUrl: string): Promise<Mail> {
  return letter(event.email, 'Sua assinatura Premium foi cancelada', {
    fullName: event.full_name,
    paragraphs: [
      event.ended
        ? 'Sua assinatura Premium foi encerrada e o acesso ao conteúdo exclusivo terminou hoje.'
        : `Sua assinatura Premium foi cancelada. Você continua com acesso a todo o conteúdo até ${brasiliaDate(event.current_period_end)}, e nada mais será cobrado.`,
      'Sentiremos sua falta. Você pode assinar de novo quando quiser.',
    ],
    action: { url: `${siteUrl}/pricing`, label: 'Ver planos' },
  });
}
