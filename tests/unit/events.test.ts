// The events context's pure parts: the date rules and the schemas' messages, the .ics text, the
// domain events read from item changes, the pages they purge, how long a page listing events may be
// cached, the sitemap's events, and the web's dates, excerpt, JSON-LD and form checks.
import { describe, expect, it } from 'vitest';
import { buildSiteFiles } from '../../lambdas/feeds/files';
import { calendarFileName, escapeText, eventCalendar, foldLine, icsDate } from '../../lambdas/events/ics';
import { eventEvents } from '../../lambdas/events/events';
import { eventItem, type EventRecord } from '../../lambdas/events/items';
import { PAGE_CACHE, renderedCacheControl } from '../../lambdas/pages/contract';
import { purgePaths } from '../../lambdas/pages/purge-paths';
import {
  eventCreateSchema,
  eventDatesProblem,
  eventUpdateSchema,
  firstEventIssue,
  fromBrasiliaInput,
  isPastStart,
  parseEventDate,
  toBrasiliaInput,
  type EventView,
} from '../../shared/events';
import { cardDay, cardHours, eventPeriod } from '../../web/src/features/events/lib/dates';
import { EMPTY_EVENT, formProblem } from '../../web/src/features/events/lib/form';
import { agendaCityName, plainExcerpt } from '../../web/src/features/events/lib/meta';
import { buildEventJsonLd } from '../../web/src/features/events/lib/structured-data';
import { formatClock, formatWeekdayDateTime } from '../../web/src/lib/format';
import { sitemapUrls } from '../support/xml';

const NOW = Date.parse('2026-11-26T13:00:00.000Z');

describe('event dates', () => {
  it('takes ISO dates with an offset only, and stores them in UTC', () => {
    expect(parseEventDate('2026-12-05T19:00-03:00')).toBe('2026-12-05T22:00:00.000Z');
    expect(parseEventDate('2026-12-05T22:00:00.000Z')).toBe('2026-12-05T22:00:00.000Z');
    for (const value of ['2026-12-05T19:00', '2026-12-05', 'amanhã', '2026-13-40T19:00Z', '1999-12-31T23:00Z', '2100-01-01T00:00Z']) {
      expect(parseEventDate(value), value).toBeUndefined();
    }
  });

  it('reads and writes the form’s wall clock as Brasília time', () => {
    expect(toBrasiliaInput('2026-12-05T22:00:00.000Z')).toBe('2026-12-05T19:00');
    expect(toBrasiliaInput('2026-12-06T02:30:00.000Z')).toBe('2026-12-05T23:30');
    expect(fromBrasiliaInput('2026-12-05T23:30')).toBe('2026-12-06T02:30:00.000Z');
    expect(fromBrasiliaInput(toBrasiliaInput('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01T00:00:00.000Z');
    expect(fromBrasiliaInput('')).toBe('');
    expect(toBrasiliaInput(null)).toBe('');
  });

  it('wants the end after the start, and no start in the past on create (a few minutes of grace)', () => {
    expect(eventDatesProblem('2026-12-05T22:00:00.000Z', null)).toBeUndefined();
    expect(eventDatesProblem('2026-12-05T22:00:00.000Z', '2026-12-05T23:00:00.000Z')).toBeUndefined();
    expect(eventDatesProblem('2026-12-05T22:00:00.000Z', '2026-12-05T22:00:00.000Z')).toBe('A data de término deve ser posterior à data de início');
    expect(isPastStart(new Date(NOW - 5 * 60_000).toISOString(), NOW)).toBe(false);
    expect(isPastStart(new Date(NOW - 11 * 60_000).toISOString(), NOW)).toBe(true);
    expect(isPastStart(new Date(NOW + 60_000).toISOString(), NOW)).toBe(false);
  });
});

describe('event schemas', () => {
  const valid = {
    title: 'Feira de livros',
    description: '<p>Quarenta editoras independentes.</p>',
    event_date: '2026-12-05T19:00-03:00',
    location: 'Rua do Bom Jesus',
    city: 'recife-pe',
  };
  const first = (result: ReturnType<typeof eventCreateSchema.safeParse>) => (result.success ? undefined : firstEventIssue(result.error).message);

  it('fills a new event’s optional fields: no end, no cover, a draft', () => {
    expect(eventCreateSchema.parse(valid)).toMatchObject({ end_date: null, cover_image: '', status: 'draft', event_date: '2026-12-05T22:00:00.000Z' });
    expect(eventCreateSchema.parse({ ...valid, end_date: '' }).end_date).toBeNull();
  });

  it.each([
    [{ title: ' a ' }, 'Título deve ter no mínimo 3 caracteres'],
    [{ description: '<p>   curta </p>' }, 'Descrição deve ter no mínimo 10 caracteres'],
    [{ event_date: '' }, 'Data do evento é obrigatória'],
    [{ event_date: null }, 'Data do evento é obrigatória'],
    [{ event_date: 'sábado' }, 'Data do evento inválida'],
    [{ end_date: 'domingo' }, 'Data de término inválida'],
    [{ location: 'ab' }, 'Local é obrigatório'],
    [{ city: '' }, 'Cidade é obrigatória'],
    [{ city: 'Recife' }, 'Cidade inválida'],
    [{ status: 'cancelled' }, 'Status inválido'],
  ])('refuses %j with the spec’s message', (change, message) => {
    expect(first(eventCreateSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('lets an edit send any one field, and any status', () => {
    expect(eventUpdateSchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
    expect(eventUpdateSchema.parse({ end_date: null })).toEqual({ end_date: null });
    expect(eventUpdateSchema.safeParse({ status: 'arquivado' }).success).toBe(false);
  });
});

describe('the calendar file', () => {
  const event = {
    id: '6f1c1c1e-0000-4000-8000-000000000001',
    title: 'Forró, xote; baião',
    description: 'Trios de forró a noite inteira.\nEntrada franca.',
    event_date: '2026-12-05T22:00:00.000Z',
    end_date: '2026-12-06T02:00:00.000Z',
    location: 'Pátio do Forró',
    city_name: 'Caruaru',
    state_code: 'PE',
    updated_at: '2026-11-20T12:00:00.000Z',
    url: 'https://portal.example/events/6f1c1c1e-0000-4000-8000-000000000001',
  };

  it('escapes text and writes UTC dates', () => {
    expect(escapeText('a\\b, c; d\ne')).toBe('a\\\\b\\, c\\; d\\ne');
    expect(icsDate('2026-12-05T22:00:00.000Z')).toBe('20261205T220000Z');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'ação '.repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(physical.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
  });

  it('is one VEVENT with CRLF line ends', () => {
    const text = eventCalendar(event);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        `UID:${event.id}@portal-plural`,
        'DTSTAMP:20261120T120000Z',
        'DTSTART:20261205T220000Z',
        'DTEND:20261206T020000Z',
        'SUMMARY:Forró\\, xote\\; baião',
        'LOCATION:Pátio do Forró\\, Caruaru (PE)',
        `URL:${event.url}`,
        'END:VEVENT',
      ]),
    );
    expect(text).not.toMatch(/[^\r]\n/);
    expect(eventCalendar({ ...event, end_date: null })).not.toContain('DTEND');
    expect(calendarFileName('Forró, xote; baião')).toBe('evento-forro-xote-baiao.ics');
    expect(calendarFileName('!!!')).toBe('evento-portal-plural.ics');
  });
});

const record = (overrides: Partial<EventRecord> = {}): EventRecord => ({
  id: 'e1',
  title: 'Forró no Pátio',
  description: '<p>Trios de forró.</p>',
  event_date: '2026-12-05T22:00:00.000Z',
  end_date: null,
  location: 'Pátio do Forró',
  city: 'caruaru-pe',
  city_code: '2604106',
  city_name: 'Caruaru',
  state_code: 'PE',
  cover_image: '',
  cover_variants: [],
  organizer_id: 'u1',
  status: 'published',
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

describe('the event item and its domain events', () => {
  it('is indexed by start: published ones in the agenda and their city, the others for staff', () => {
    expect(eventItem(record())).toMatchObject({ pk: 'EVENT#e1', sk: 'EVENT', gsi1pk: 'EVENTS', gsi1sk: '2026-12-05T22:00:00.000Z#e1', gsi2pk: 'EVENTS_CITY#caruaru-pe' });
    expect(eventItem(record({ status: 'draft' }))).toMatchObject({ gsi1pk: 'EVENTS_UNPUBLISHED', gsi2pk: 'EVENTS_UNPUBLISHED_BY#u1' });
  });

  const names = (change: Parameters<typeof eventEvents>[0]) => eventEvents(change).map((event) => event.name);
  const image = (overrides: Partial<EventRecord> = {}) => eventItem(record(overrides));

  it('tells the public life of an event, and nothing about drafts', () => {
    expect(names({ eventName: 'INSERT', newImage: image() })).toEqual(['EventPublished']);
    expect(names({ eventName: 'INSERT', newImage: image({ status: 'draft' }) })).toEqual([]);
    expect(names({ eventName: 'MODIFY', oldImage: image({ status: 'draft' }), newImage: image({ status: 'draft', updated_at: 'x' }) })).toEqual([]);
    expect(names({ eventName: 'MODIFY', oldImage: image({ status: 'cancelled' }), newImage: image() })).toEqual(['EventPublished']);
    expect(eventEvents({ eventName: 'MODIFY', oldImage: image(), newImage: image({ updated_at: 'later', city: 'recife-pe' }) })[0]).toMatchObject({
      name: 'EventUpdated',
      source: 'portal.events',
      detail: { event_id: 'e1', city: 'recife-pe', previous_city: 'caruaru-pe' },
    });
    expect(eventEvents({ eventName: 'MODIFY', oldImage: image(), newImage: image({ status: 'cancelled' }) })[0]).toMatchObject({ name: 'EventUnpublished', detail: { to: 'cancelled' } });
    expect(eventEvents({ eventName: 'REMOVE', oldImage: image({ status: 'draft' }) })[0]).toMatchObject({ name: 'EventDeleted', detail: { was_published: false } });
    expect(names({ eventName: 'INSERT', newImage: { entity: 'menu_item', id: 'm' } })).toEqual([]);
  });

  it('purges the agenda, the home and the event’s page; a draft’s deletion purges nothing', async () => {
    const none = async () => [];
    expect(await purgePaths({ name: 'EventPublished', detail: { event_id: 'e1' } }, none)).toEqual(['/events', '/events?*', '/', '/?*', '/events/e1']);
    expect(await purgePaths({ name: 'EventUnpublished', detail: { event_id: 'e1' } }, none)).toContain('/events/e1');
    expect(await purgePaths({ name: 'EventDeleted', detail: { event_id: 'e1', was_published: false } }, none)).toEqual([]);
    expect(await purgePaths({ name: 'EventDeleted', detail: { event_id: 'e1', was_published: true } }, none)).toContain('/events');
  });
});

describe('the cache of pages that list events', () => {
  it('lasts until the first event starts: a minute at least, a day at most', () => {
    const now = NOW;
    expect(renderedCacheControl(undefined, now)).toBe(PAGE_CACHE.rendered);
    expect(renderedCacheControl(new Date(now + 2 * 3600_000).toISOString(), now)).toContain('s-maxage=7200,');
    expect(renderedCacheControl(new Date(now + 5_000).toISOString(), now)).toContain('s-maxage=60,');
    expect(renderedCacheControl(new Date(now + 9 * 86_400_000).toISOString(), now)).toContain('s-maxage=86400,');
  });
});

describe('the sitemap', () => {
  it('lists published events and the agenda', async () => {
    const files = await buildSiteFiles({
      siteUrl: 'https://portal.example',
      articles: [],
      cities: [],
      authors: new Map(),
      events: [{ id: 'e1', updated_at: '2026-11-20T12:00:00.000Z' }],
      now: new Date(NOW),
    });
    const events = files.find((file) => file.key === 'sitemap-events-1.xml');
    expect(await sitemapUrls(events?.body ?? '')).toMatchObject([{ url: 'https://portal.example/events/e1', lastmod: '2026-11-20T12:00:00.000Z' }]);
    const pages = files.find((file) => file.key === 'sitemap-pages-1.xml');
    expect((await sitemapUrls(pages?.body ?? '')).map((entry) => entry.url)).toContain('https://portal.example/events');
  });
});

describe('the event pages in the browser', () => {
  const timeZone = 'America/Sao_Paulo';
  const intl = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });

  it('print dates in Brasília as Intl does', () => {
    for (const iso of ['2026-12-05T22:00:00.000Z', '2027-01-01T02:59:00.000Z', '2026-11-29T15:05:00.000Z']) {
      const expected = intl.format(new Date(iso)).replace(/ às (\d{2}):(\d{2})$/, ', às $1h$2');
      expect(formatWeekdayDateTime(iso)).toBe(expected);
      expect(formatClock(iso)).toBe(expected.slice(-5));
    }
  });

  it('say the period in one line the same day, in two across days', () => {
    expect(eventPeriod('2026-12-05T22:00:00.000Z', null)).toEqual({ start: 'sábado, 5 de dezembro de 2026, às 19h00', end: null });
    expect(eventPeriod('2026-12-05T22:00:00.000Z', '2026-12-06T01:00:00.000Z')).toEqual({ start: 'sábado, 5 de dezembro de 2026, das 19h00 às 22h00', end: null });
    expect(eventPeriod('2026-12-05T22:00:00.000Z', '2026-12-06T21:00:00.000Z').end).toBe('domingo, 6 de dezembro de 2026, às 18h00');
    expect(cardHours('2026-12-05T22:00:00.000Z', '2026-12-06T01:00:00.000Z')).toBe('19h00 – 22h00');
    expect(cardHours('2026-12-05T22:00:00.000Z', '2026-12-07T21:00:00.000Z')).toBe('19h00 (até 07 dez)');
    expect(cardDay('2026-12-05T22:00:00.000Z', new Date(NOW))).toBe('Sábado, 5 de dezembro');
    expect(cardDay('2027-01-02T22:00:00.000Z', new Date(NOW))).toBe('Sábado, 2 de janeiro de 2027');
  });

  it('describe an event by its text, and as a schema.org Event', () => {
    expect(plainExcerpt('<p>Forró &amp; xote</p><p>na praça</p>')).toBe('Forró & xote na praça');
    const long = plainExcerpt(`<p>${'palavra '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('palavra…')).toBe(true);
    const view: EventView = {
      ...record({ cover_image: '/media/u1/1.png', end_date: '2026-12-06T01:00:00.000Z', status: 'cancelled' }),
      organizer: { id: 'u1', full_name: 'Ana' },
      can_edit: false,
      can_delete: false,
    };
    expect(buildEventJsonLd(view, { origin: 'https://portal.example', url: '/events/e1' })).toMatchObject({
      '@type': 'Event',
      name: 'Forró no Pátio',
      startDate: '2026-12-05T22:00:00.000Z',
      endDate: '2026-12-06T01:00:00.000Z',
      eventStatus: 'https://schema.org/EventCancelled',
      image: ['https://portal.example/media/u1/1.png'],
      location: { '@type': 'Place', name: 'Pátio do Forró', address: { addressLocality: 'Caruaru', addressRegion: 'PE', addressCountry: 'BR' } },
      url: 'https://portal.example/events/e1',
    });
  });

  it('name a city of the filter, or of its own events', () => {
    const cities = [{ location_path: 'recife-pe', location_name: 'Recife', state_code: 'PE', count: 3 }];
    expect(agendaCityName('recife-pe', { cities, events: [] })).toBe('Recife (PE)');
    expect(agendaCityName('caruaru-pe', { cities, events: [record()] })).toBe('Caruaru (PE)');
    expect(agendaCityName('nenhuma', { cities, events: [] })).toBeNull();
  });

  it('check the form before sending: a past start only on create, the end after the start', () => {
    const now = Date.parse('2026-11-26T13:00:00.000Z');
    const values = { ...EMPTY_EVENT, title: 'Feira', description: '<p>Quarenta editoras.</p>', location: 'Rua do Bom Jesus', city: 'recife-pe' };
    expect(formProblem({ ...values, event_date: '' }, 'create', now)).toEqual({ message: 'Data do evento é obrigatória', field: 'event_date' });
    expect(formProblem({ ...values, event_date: '2026-11-25T10:00' }, 'create', now)).toEqual({ message: 'A data do evento não pode estar no passado', field: 'event_date' });
    expect(formProblem({ ...values, event_date: '2026-11-25T10:00' }, 'edit', now)).toBeNull();
    expect(formProblem({ ...values, event_date: '2026-12-05T19:00', end_date: '2026-12-05T18:00' }, 'create', now)).toEqual({
      message: 'A data de término deve ser posterior à data de início',
      field: 'end_date',
    });
    expect(formProblem({ ...values, event_date: '2026-12-05T19:00' }, 'create', now)).toBeNull();
  });
});
