// Domain events of the users context, derived from table changes.
import { domainEvent, type ChangeMapper } from '../platform/domain-events';

export const userEvents: ChangeMapper = (change) => {
  const item = change.newImage;
  if (change.eventName === 'INSERT' && item?.entity === 'profile') {
    return [
      domainEvent('UserSignedUp', {
        user_id: String(item.id),
        email: String(item.email),
        full_name: String(item.full_name),
        created_at: String(item.created_at),
      }),
    ];
  }
  return [];
};
