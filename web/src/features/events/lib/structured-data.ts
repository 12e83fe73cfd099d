// schema.org Event for the event page (JSON-LD): what search engines show as an event listing.
import type { EventView } from '../../../../../shared/event-rules';
import { absoluteUrl } from '../../articles/lib/structured-data';
import { plainExcerpt } from './meta';

export function buildEventJsonLd(event: EventView, context: { origin: string; url: string }): Record<string, unknown> {
  const url = absoluteUrl(context.url, context.origin);
  const image = absoluteUrl(event.cover_image, context.origin);
  const city = event.state_code ? `${event.city_name}, ${event.state_code}` : event.city_name;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: plainExcerpt(event.description, 500),
    startDate: event.event_date,
    ...(event.end_date ? { endDate: event.end_date } : {}),
    eventStatus: event.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.location,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.location,
        addressLocality: event.city_name,
        ...(event.state_code ? { addressRegion: event.state_code } : {}),
        addressCountry: 'BR',
      },
    },
    ...(image ? { image: [image] } : {}),
    organizer: { '@type': 'Person', name: event.organizer.full_name },
    inLanguage: 'pt-BR',
    ...(url ? { url } : {}),
    keywords: city,
  };
}
