// Live updates over the portal's WebSocket API (lambdas/live): what the browser sends, what it
// receives, and the pt-BR texts of the refusals. Channels: `user#<id>` (the signed-in user's own
// notifications, joined at connect) and `article#<id>` (internal comments of an article the user may edit).

/** The subprotocol the browser asks for; the access token travels as the second offered value. */
export const LIVE_PROTOCOL = 'portal-live';

/** Messages from the browser: API Gateway routes them by `action`. */
export type LiveRequest = { action: 'subscribe'; article_id: string } | { action: 'unsubscribe'; article_id: string } | { action: 'ping' };

/** A person named beside a pushed event (`detail.people[userId]`): as the API shows people. */
export interface LivePerson {
  full_name: string;
  avatar_url: string;
}

/** An event pushed to a channel: its detail-type and detail, as the bus carried them (plus `people`, when named). */
export interface LiveEvent<D = Record<string, unknown>> {
  type: 'event';
  channel: string;
  name: string;
  detail: D;
}

/** Everything the server sends: pushed events and the answers to the browser's messages. */
export type LiveMessage =
  | LiveEvent
  | { type: 'subscribed'; article_id: string }
  | { type: 'unsubscribed'; article_id: string }
  | { type: 'pong' }
  | { type: 'error'; message: string; article_id?: string };

export const userChannel = (userId: string) => `user#${userId}`;
export const articleChannel = (articleId: string) => `article#${articleId}`;

export const LIVE_MESSAGES = {
  subscribeForbidden: 'Você não tem permissão para acompanhar este artigo.',
  tooManySubscriptions: 'Limite de artigos acompanhados nesta conexão atingido.',
  invalidMessage: 'Mensagem inválida.',
  notConnected: 'Conexão não encontrada. Reconecte.',
} as const;
