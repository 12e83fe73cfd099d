// Titles and descriptions of the public event pages, one definition for the page (usePageMeta) and
// for the server's <head> (ssr/routes.ts).
import { cityLabel } from '../../../../../shared/article-rules';
import type { EventList, EventView } from '../../../../../shared/event-rules';
import { pageTitle } from '../../../lib/page-meta';
import type { PageMeta } from '../../articles/lib/meta';

/** 'Campinas (SP)' for ?city=: from the filter's options, or from the city's own events (a city with events and no articles yet). */
export function agendaCityName(city: string | null, list: Pick<EventList, 'cities' | 'events'> | undefined): string | null {
  if (!city || !list) return null;
  const known = list.cities.find((item) => item.location_path === city);
  if (known) return cityLabel(known.location_name, known.state_code);
  const event = list.events.find((item) => item.city === city);
  return event ? cityLabel(event.city_name, event.state_code) : null;
}

/** The agenda, a known city's, or an address naming no city of ours. */
export function eventsMeta(city: string | null, cityName: string | null): PageMeta {
  if (!city) return { title: pageTitle('Eventos'), description: 'Agenda de eventos do Portal Plural: cultura, cidade e comunidade.' };
  if (!cityName) return { title: pageTitle('Cidade não encontrada') };
  return { title: pageTitle(`Eventos em ${cityName}`), description: `Próximos eventos em ${cityName} no Portal Plural.` };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The visible text of sanitized HTML, cut at a word near `max` characters (a meta description). */
export function plainExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

export const eventMeta = (event: Pick<EventView, 'title' | 'description'>): PageMeta => ({
  title: pageTitle(event.title),
  description: plainExcerpt(event.description),
});
