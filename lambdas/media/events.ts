// Domain events of the media context: the catalogue of what it emits (see EVENTS.md beside this
// file) and the mapper from its committed table changes to them.
import { z } from 'zod';
import { COVER_TYPES, type CoverType } from '../../shared/articles';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';

export const MEDIA_EVENTS = {
  CoverConfirmed: {
    source: 'portal.media',
    description: 'A cover upload passed its checks and was promoted to media/ (its cover item was inserted).',
    detail: z.object({
      /** The original in the media bucket: media/<userId>/<timestamp>.<ext> */
      key: z.string(),
      user_id: z.string(),
      content_type: z.enum(Object.keys(COVER_TYPES) as [CoverType, ...CoverType[]]),
      confirmed_at: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

/** Only the insert is the event: the worker's own update of the item (its variants) publishes nothing. */
export const mediaEvents: ChangeMapper = (change) => {
  const item = change.newImage;
  if (change.eventName !== 'INSERT' || item?.entity !== 'cover') return [];
  return [
    domainEvent(MEDIA_EVENTS, 'CoverConfirmed', {
      key: String(item.key),
      user_id: String(item.user_id),
      content_type: item.content_type as CoverType,
      confirmed_at: String(item.confirmed_at),
    }),
  ];
};
