// Notifications (spec sections 3, 4, 7 and 8): their shape in the API and the web app, and the pt-BR
// texts both show.
export const NOTIFICATION_TYPES = ['SEO_OK', 'SEO_ERROR', 'AI_SUCCESS', 'AI_ERROR', 'PUBLISH_SUCCESS', 'LOAD_ERROR', 'REVIEW', 'COMMENT', 'STORY_ASSIGNED'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_STATUSES = ['unread', 'read', 'archived'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** What a notification may carry besides its message: SEO errors and warnings, a review's verdict. */
export interface NotificationMetadata {
  errors?: string[];
  warnings?: string[];
  [key: string]: unknown;
}

export interface Notification {
  id: string;
  user_id: string;
  type: NotificationType;
  message: string;
  status: NotificationStatus;
  read_at: string | null;
  archived_at: string | null;
  created_at: string;
  metadata: NotificationMetadata;
  /** The article it is about, when there is one (a pauta's notification has none: metadata.story_idea_id). */
  article_id: string | null;
}

/** GET /api/notifications: the newest 50 not archived, and how many of the user's notifications are unread. */
export interface NotificationList {
  notifications: Notification[];
  unread_count: number;
}

/** POST /api/notifications/read-all */
export interface ReadAllResult {
  updated: number;
}

/** Spec section 9: the list holds at most 50. */
export const NOTIFICATIONS_LIMIT = 50;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notificação não encontrada',
  created: 'Nova notificação',
  allRead: 'Todas as notificações foram marcadas como lidas.',
  readError: 'Não foi possível marcar a notificação como lida.',
  readAllError: 'Não foi possível marcar todas as notificações como lidas.',
  archiveError: 'Não foi possível arquivar a notificação.',
  loadError: 'Não foi possível carregar as notificações.',
  empty: 'Nenhuma notificação.',
} as const;

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  SEO_OK: 'SEO',
  SEO_ERROR: 'SEO',
  AI_SUCCESS: 'IA',
  AI_ERROR: 'IA',
  PUBLISH_SUCCESS: 'Publicação',
  LOAD_ERROR: 'Importação',
  REVIEW: 'Review',
  COMMENT: 'Comentário',
  STORY_ASSIGNED: 'Pauta',
};
