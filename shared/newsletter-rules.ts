// The newsletter (spec "Newsletter (master)", newsletter_subscribers, newsletter_sends, its messages and
// constants) without zod, so the public pages' sign-up box stays light: statuses, labels, limits, the
// consent text, the pt-BR messages and the shapes the API answers. shared/newsletter.ts adds the zod
// schemas and re-exports it all.
import { SIGNUP_MESSAGES } from './newsletter-signup-rules';

/**
 * active and unsubscribed are the spec's; pending waits for the reader's confirmation (double opt-in);
 * bounced and complained are addresses SES told us to stop sending to (shown as destructive, as the
 * spec shows any other value).
 */
export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Aguardando confirmação',
  active: 'Ativo',
  unsubscribed: 'Cancelado',
  bounced: 'E-mail inválido',
  complained: 'Marcou como spam',
};

/** Where a subscription came from: the master's form, a sign-up box, or the reader's settings. */
export const SUBSCRIBER_SOURCES = ['admin', 'home', 'article', 'footer', 'settings'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

export const SUBSCRIBER_SOURCE_LABELS: Record<SubscriberSource, string> = {
  admin: 'Adicionado pela redação',
  home: 'Página inicial',
  article: 'Fim de matéria',
  footer: 'Rodapé',
  settings: 'Configurações da conta',
};

export const SEND_STATUSES = ['queued', 'sending', 'sent'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const SEND_STATUS_LABELS: Record<SendStatus, string> = { queued: 'Na fila', sending: 'Enviando', sent: 'Enviada' };

export const NEWSLETTER_LIMITS = {
  /** The spec's Envios tab: the last 20 sends. */
  sendsShown: 20,
  subscribersPageSize: 20,
  subjectMax: 150,
  introMax: 3000,
  articlesMax: 10,
  /** "This week's most read": published in the last 7 days, by views. */
  mostReadDays: 7,
  mostReadCount: 5,
  /** A confirmation link works for three days; a pending sign-up is forgotten after that. */
  confirmHours: 72,
  /**
   * Sign-ups a network address may ask for in an hour. A mobile carrier puts up to a couple of
   * thousand subscribers behind one address (CGNAT); in the hour a story spreads, suppose 10% of them
   * read the portal and 1 reader in 10 signs up: 20 an hour, 200 on a viral hour. The cap is 300:
   * above any crowd, and still a ceiling on how many strangers one script can send a confirmation to.
   */
  signupsPerHour: 300,
  /** Sign-ups one e-mail address may receive in an hour: a reader who retries, not a script mailing someone. */
  signupsPerEmailHour: 3,
  emailMax: 254,
  nameMax: 100,
} as const;

/** The text a reader agrees to when signing up; its version is stored with the consent (LGPD art. 8). */
export { NEWSLETTER_CONSENT, SIGNUP_MESSAGES } from './newsletter-signup-rules';

export const NEWSLETTER_MESSAGES = {
  // The spec's.
  forbidden: 'Acesso restrito a Masters',
  duplicate: 'Este email já está cadastrado',
  added: 'Inscrito adicionado!',
  addError: 'Erro ao adicionar inscrito',
  loadError: 'Erro ao carregar dados',
  // Ours.
  ...SIGNUP_MESSAGES,
  emailTooLong: 'E-mail muito longo',
  nameTooLong: 'Nome muito longo',
  confirmed: 'Inscrição confirmada! Você vai receber a próxima edição da newsletter.',
  confirmInvalid: 'Este link de confirmação não é válido.',
  confirmExpired: 'Este link de confirmação expirou. Inscreva-se de novo para receber outro.',
  unsubscribed: 'Inscrição cancelada. Você não vai mais receber a newsletter.',
  unsubscribeInvalid: 'Este link de cancelamento não é válido.',
  unsubscribeError: 'Não foi possível cancelar a inscrição. Tente novamente.',
  linkInvalid: 'Link inválido.',
  subscriberNotFound: 'Inscrito não encontrado.',
  sendNotFound: 'Envio não encontrado.',
  subject: 'Assunto é obrigatório',
  subjectTooLong: 'Assunto muito longo',
  introTooLong: 'Introdução muito longa',
  noArticles: 'Escolha ao menos uma matéria',
  tooManyArticles: `Escolha no máximo ${NEWSLETTER_LIMITS.articlesMax} matérias`,
  articleNotFound: 'Uma das matérias escolhidas não está publicada.',
  noMostRead: 'Nenhuma matéria publicada nesta semana.',
  noAudience: 'Não há inscritos ativos para receber a newsletter.',
  testSent: 'E-mail de teste enviado para você.',
  sendQueued: 'Newsletter na fila de envio.',
  sendError: 'Não foi possível enviar a newsletter.',
} as const;

export interface NewsletterSubscriber {
  id: string;
  email: string;
  name: string | null;
  status: SubscriberStatus;
  source: SubscriberSource;
  subscribed_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

export interface NewsletterSend {
  id: string;
  subject: string;
  status: SendStatus;
  /** Active subscribers when the send started. */
  audience_count: number;
  sent_to_count: number;
  opened_count: number;
  clicked_count: number;
  /** When the send was asked for (the spec's sent_at: the Envios tab is ordered by it). */
  sent_at: string;
  finished_at: string | null;
  sent_by: string;
}

/** GET /api/newsletter/subscribers: a page, newest first; pass `cursor` back for the next one. */
export interface NewsletterSubscriberPage {
  records: NewsletterSubscriber[];
  cursor?: string;
}

/** GET and PUT /api/newsletter/me: the signed-in reader's account e-mail and its subscription (null: none). */
export interface MyNewsletter {
  email: string;
  status: SubscriberStatus | null;
}

export interface NewsletterOverview {
  active: number;
  unsubscribed: number;
  pending: number;
  total_sends: number;
}

/** An article as an edition shows it: a premium one with its lead only. */
export interface EditionArticle {
  id: string;
  title: string;
  slug: string;
  summary: string;
  cover_url: string | null;
  city: string | null;
  is_premium: boolean;
  published_at: string;
  views: number;
  /**
   * The opening of the body as plain text: a few sentences of a free article, the lead (first
   * paragraph) only of a premium one, cut on the server like the paywall cuts it.
   */
  excerpt: string;
}

/** GET /api/newsletter/articles: what the composer offers to feature. */
export interface EditionArticleChoices {
  recent: EditionArticle[];
  most_read: EditionArticle[];
}

export interface EditionPreview {
  subject: string;
  html: string;
  text: string;
  articles: EditionArticle[];
}

/** A rate as the spec shows it: percent of sent_to_count with one decimal ("12,5%"); 0 sent is "0,0%". */
export function ratePercent(count: number, sentTo: number): string {
  const value = sentTo > 0 ? (count / sentTo) * 100 : 0;
  return `${value.toFixed(1).replace('.', ',')}%`;
}
