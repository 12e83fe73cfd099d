// How the desk shows a subscriber's status (active green, pending yellow, cancelled gray, an address
// SES refused red).
import type { SendStatus, SubscriberStatus } from '../../../../../shared/newsletter-rules';

export const STATUS_COLORS: Record<SubscriberStatus, string> = {
  active: 'green',
  pending: 'yellow',
  unsubscribed: 'gray',
  bounced: 'red',
  complained: 'red',
};

export const SEND_STATUS_COLORS: Record<SendStatus, string> = { queued: 'gray', sending: 'blue', sent: 'green' };
