// The agenda's "Carregar mais eventos" (web/src/features/events/pages/EventsPage.tsx) for a reader
// without the app: the server renders the first page only (the next ones are behind the API's cursor),
// so the island asks the API for the next page, as the app does, and appends its cards in the markup
// of EventCard, copied from a card the server rendered.
import { EVENT_MESSAGES, eventPath, type EventCard, type EventList } from '../../../shared/event-rules';
import { coverSources } from '../features/articles/lib/cover-sources';
import { cardDay, cardHours } from '../features/events/lib/dates';
import { calendarLeaf } from '../lib/format';
import { apiGet } from './lib/api';
import type { Island } from './lib/island';
import { queryData } from './lib/page-state';
import { toast } from './lib/toast';

/** A copy of `template` (a server-rendered card) showing `event`. */
export function eventCard(template: HTMLElement, event: EventCard, now: Date): HTMLElement {
  const card = template.cloneNode(true) as HTMLElement;
  card.querySelector('.card-premium')?.remove();

  const cover = card.querySelector('.article-cover');
  cover?.replaceChildren();
  if (cover && event.cover_image) {
    const sources = coverSources(event.cover_image, event.cover_variants, 'card');
    const image = document.createElement('img');
    image.src = sources.src;
    if (sources.srcSet) image.srcset = sources.srcSet;
    if (sources.sizes) image.sizes = sources.sizes;
    image.width = 1200;
    image.height = 675;
    image.alt = event.title;
    image.loading = 'lazy';
    image.decoding = 'async';
    // As the app's cover: a file that fails leaves the empty frame, not a broken image.
    image.addEventListener('error', () => image.remove());
    cover.append(image);
  }

  const leaf = calendarLeaf(event.event_date);
  const leafBox = card.querySelector('.event-leaf');
  if (!leaf) leafBox?.remove();
  else if (leafBox) {
    leafBox.querySelector('.event-leaf-month')!.textContent = leaf.month;
    leafBox.querySelector('.event-leaf-day')!.textContent = leaf.day;
  }

  const when = card.querySelector('time.event-when');
  if (when) {
    when.setAttribute('datetime', event.event_date);
    const hours = document.createElement('span');
    hours.className = 'event-hours';
    hours.textContent = cardHours(event.event_date, event.end_date);
    when.replaceChildren(`${cardDay(event.event_date, now)} · `, hours);
  }

  const link = card.querySelector<HTMLAnchorElement>('a.card-link');
  if (link) {
    link.href = eventPath(event.id);
    link.textContent = event.title;
  }

  const where = card.querySelector('.event-where p');
  where?.replaceChildren(event.location, document.createElement('br'), event.state_code ? `${event.city_name} (${event.state_code})` : event.city_name);
  return card;
}

const eventsMore: Island = (section) => {
  const grid = section.querySelector<HTMLElement>('.event-grid');
  const button = [...section.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'Carregar mais eventos');
  if (!grid || !button) return;
  const city = new URLSearchParams(location.search).get('city') || null;
  const pages = queryData<{ pages?: EventList[] }>(['events', 'list'])?.pages ?? [];
  let cursor = pages.at(-1)?.next_cursor ?? null;
  let loading = false;

  button.addEventListener('click', () => {
    const template = grid.querySelector<HTMLElement>('.event-card');
    if (loading || !cursor || !template) return;
    loading = true;
    button.disabled = true;
    button.setAttribute('data-loading', 'true');
    button.setAttribute('aria-busy', 'true');
    const query = new URLSearchParams();
    if (city) query.set('city', city);
    query.set('cursor', cursor);
    apiGet<EventList>(`/events?${query.toString()}`)
      .then((page) => {
        const now = new Date();
        // An event already shown (a page that moved while the reader looked) is not shown twice.
        const shown = new Set([...grid.querySelectorAll<HTMLAnchorElement>('a.card-link')].map((link) => link.getAttribute('href')));
        grid.append(...page.events.filter((event) => !shown.has(eventPath(event.id))).map((event) => eventCard(template, event, now)));
        cursor = page.next_cursor;
        if (!cursor) button.closest('.mantine-Group-root')?.remove();
      })
      .catch((error: unknown) => {
        console.error('events failed to load', error);
        toast(EVENT_MESSAGES.listError, 'error');
      })
      .finally(() => {
        loading = false;
        button.disabled = false;
        button.removeAttribute('data-loading');
        button.removeAttribute('aria-busy');
      });
  });
};

export default eventsMore;
