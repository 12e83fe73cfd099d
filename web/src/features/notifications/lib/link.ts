// Where a notification leads: its article's editor (a review straight to the reviews' section, where
// the author reads what the editor wrote), or the board for a pauta.
import type { Notification } from '../../../../../shared/notifications';
import { REVIEWS_ANCHOR } from '../../editorial/lib/anchors';

export function notificationLink(notification: Pick<Notification, 'type' | 'article_id'>): string | null {
  if (notification.article_id) {
    const editor = `/article/${notification.article_id}/edit`;
    return notification.type === 'REVIEW' ? `${editor}#${REVIEWS_ANCHOR}` : editor;
  }
  return notification.type === 'STORY_ASSIGNED' ? '/storyboard' : null;
}
