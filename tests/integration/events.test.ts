// The agenda over real HTTP: who may create, see, edit and delete events (anonymous, a reader, the
// organizer, another author, an editor, the master), the form's rules with their pt-BR messages (400,
// never 500), the public list (upcoming only, soonest first, by city, paged), the calendar file, the
// server-rendered pages with their Event JSON-LD, and the sitemap, through the event pipeline.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventCard, EventList, EventView } from '../../shared/events';
import { eventually } from '../support/api';
import { byCase, CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { sitemapUrls } from '../support/xml';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

// Cities no other test file uses: the lists filtered by them hold only what this file creates.
const CARUARU = { code: '2604106', path: 'caruaru-pe', label: 'Caruaru (PE)' };
const PETROLINA = { path: 'petrolina-pe' };
const GARANHUNS = { path: 'garanhuns-pe' };
const SURUBIM = { path: 'surubim-pe' };

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let reader: Member;
let organizer: Member;
let otherAuthor: Member;
let editor: Member;
let master: Member;

beforeAll(async () => {
  [reader, organizer, otherAuthor, editor, master] = await Promise.all([
    member(portal, table, 'leitor-eventos', 'Rita Leitora'),
    member(portal, table, 'autora-eventos', 'Olga Organizadora', { roles: ['author'] }),
    member(portal, table, 'autor-eventos', 'Otto Outro', { roles: ['author'] }),
    member(portal, table, 'editor-eventos', 'Edu Editor', { roles: ['editor'] }),
    member(portal, table, 'master-eventos', 'Mara Master', { roles: ['master'] }),
  ]);
  // Caruaru becomes one of the city filter's options: it has a published article.
  const article = await portal.request('POST', '/api/articles', {
    token: organizer.token,
    body: {
      title: 'Caruaru prepara o São João',
      slug: `eventos-${randomUUID().slice(0, 8)}`,
      summary: 'Pátio do Forró recebe as primeiras quadrilhas.',
      content: '<p>O Pátio do Forró recebe as primeiras quadrilhas juninas neste fim de semana, com entrada gratuita.</p>',
      city_code: CARUARU.code,
    },
  });
  expect(article.status, article.text).toBe(201);
  const published = await portal.request('PUT', `/api/articles/${article.body.id}`, {
    token: editor.token,
    body: { status: 'published', base_version: article.body.version },
  });
  expect(published.status, published.text).toBe(200);
});

const valid = (overrides: Record<string, unknown> = {}) => ({
  title: 'Forró no Pátio',
  description: '<p>Trios de forró pé de serra tocam a noite inteira no Pátio do Forró.</p>',
  event_date: at(3 * DAY),
  end_date: null,
  location: 'Pátio do Forró, Centro',
  city: CARUARU.path,
  ...overrides,
});

async function create(who: Member, overrides: Record<string, unknown> = {}): Promise<EventView> {
  const response = await portal.request('POST', '/api/events', { token: who.token, body: valid(overrides) });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as EventView;
}

async function edit(who: Member, id: string, body: Record<string, unknown>): Promise<EventView> {
  const response = await portal.request('PUT', `/api/events/${id}`, { token: who.token, body });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as EventView;
}

const list = async (query = '') => {
  const response = await portal.request('GET', `/api/events${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as EventList;
};
const idsOf = (events: EventCard[]) => events.map((event) => event.id);

type Caller = 'anonymous' | 'reader' | 'organizer' | 'other author' | 'editor' | 'master';
const tokenOf = (caller: Caller) =>
  ({ anonymous: undefined, reader: reader.token, organizer: organizer.token, 'other author': otherAuthor.token, editor: editor.token, master: master.token })[caller];

describe('creating an event', () => {
  it('is for authors, editors and masters; a reader is told why, anonymous is refused', async () => {
    expect((await portal.request('POST', '/api/events', { body: valid() })).status).toBe(401);
    const refused = await portal.request('POST', '/api/events', { token: reader.token, body: valid() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem permissão para criar eventos');
    for (const who of [organizer, editor, master]) {
      const event = await create(who);
      expect(event).toMatchObject({ organizer: { id: who.id }, status: 'draft', city: CARUARU.path, city_name: 'Caruaru', state_code: 'PE', can_edit: true });
      expect(event.can_delete).toBe(who === master);
    }
  });

  it('stores the description sanitized and the dates in UTC', async () => {
    const event = await create(organizer, {
      description: '<p onclick="alert(1)">Quadrilhas <strong>juninas</strong> no pátio</p><script>alert("x")</script><iframe src="https://evil.example/x"></iframe>',
      event_date: '2030-06-20T19:00-03:00',
      end_date: '2030-06-20T23:30:00-03:00',
    });
    expect(event.description).toBe('<p>Quadrilhas <strong>juninas</strong> no pátio</p>');
    expect(event.event_date).toBe('2030-06-20T22:00:00.000Z');
    expect(event.end_date).toBe('2030-06-21T02:30:00.000Z');
  });

  it.each(
    byCase([
      { case: 'a short title', body: { title: 'ab' }, message: 'Título deve ter no mínimo 3 caracteres', field: 'title' },
      { case: 'no title', body: { title: undefined }, message: 'Título deve ter no mínimo 3 caracteres', field: 'title' },
      { case: 'a short description', body: { description: '<p>curta</p>' }, message: 'Descrição deve ter no mínimo 10 caracteres', field: 'description' },
      {
        case: 'a description that is only a script',
        body: { description: '<script>alert("texto bem comprido")</script>' },
        message: 'Descrição deve ter no mínimo 10 caracteres',
        field: 'description',
      },
      { case: 'no date', body: { event_date: undefined }, message: 'Data do evento é obrigatória', field: 'event_date' },
      { case: 'an empty date', body: { event_date: '' }, message: 'Data do evento é obrigatória', field: 'event_date' },
      { case: 'a date that is no date', body: { event_date: 'amanhã às 19h' }, message: 'Data do evento inválida', field: 'event_date' },
      { case: 'a date without its offset', body: { event_date: '2030-06-20T19:00' }, message: 'Data do evento inválida', field: 'event_date' },
      { case: 'a date in the past', body: { event_date: at(-DAY) }, message: 'A data do evento não pode estar no passado', field: 'event_date' },
      {
        case: 'an end before the start',
        body: { event_date: at(3 * DAY), end_date: at(2 * DAY) },
        message: 'A data de término deve ser posterior à data de início',
        field: 'end_date',
      },
      { case: 'an end that is no date', body: { end_date: 'depois' }, message: 'Data de término inválida', field: 'end_date' },
      { case: 'a short place', body: { location: 'ab' }, message: 'Local é obrigatório', field: 'location' },
      { case: 'no city', body: { city: '' }, message: 'Cidade é obrigatória', field: 'city' },
      { case: 'a one-letter city', body: { city: 'x' }, message: 'Cidade é obrigatória', field: 'city' },
      { case: 'a city that does not exist', body: { city: 'cidade-que-nao-existe' }, message: 'Cidade inválida', field: 'city' },
      { case: 'a city that is no path', body: { city: 'Caruaru (PE)' }, message: 'Cidade inválida', field: 'city' },
      { case: 'a cancelled status', body: { status: 'cancelled' }, message: 'Status inválido', field: 'status' },
      { case: 'a script as cover', body: { cover_image: 'javascript:alert(1)' }, message: 'URL inválida', field: 'cover_image' },
    ]),
  )('refuses %s with 400 and its message', async (_name, row) => {
    const response = await portal.request('POST', '/api/events', { token: organizer.token, body: valid(row.body) });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ message: row.message, field: row.field });
  });

  it('answers 400, not 500, to a body that is not JSON or not an object', async () => {
    for (const rawBody of ['{', '[]', '"texto"']) {
      const response = await portal.request('POST', '/api/events', { token: organizer.token, rawBody });
      expect(response.status, rawBody).toBe(400);
    }
  });
});

describe('who sees drafts and cancelled events', () => {
  let draft: EventView;
  let cancelled: EventView;
  let published: EventView;

  beforeAll(async () => {
    draft = await create(organizer, { title: 'Ensaio fechado da quadrilha' });
    cancelled = await edit(organizer, (await create(organizer, { title: 'Cortejo adiado', status: 'published' })).id, { status: 'cancelled' });
    published = await create(organizer, { title: 'Cortejo de maracatu', status: 'published' });
  });

  it.each([
    ['anonymous', false],
    ['reader', false],
    ['other author', false],
    ['organizer', true],
    ['editor', true],
    ['master', true],
  ] as [Caller, boolean][])('%s: may see them: %s', async (caller, sees) => {
    for (const event of [draft, cancelled]) {
      const response = await portal.request('GET', `/api/events/${event.id}`, { token: tokenOf(caller) });
      expect(response.status, `${caller} ${event.status}`).toBe(sees ? 200 : 404);
      if (sees) expect(response.body).toMatchObject({ id: event.id, status: event.status, can_edit: true, can_delete: caller === 'master' });
      else expect(response.body.message).toBe('Evento não encontrado');
    }
    const open = await portal.request('GET', `/api/events/${published.id}`, { token: tokenOf(caller) });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ title: 'Cortejo de maracatu', organizer: { id: organizer.id, full_name: 'Olga Organizadora' } });
    expect(open.body.can_edit).toBe(['organizer', 'editor', 'master'].includes(caller));
    expect(open.body.can_delete).toBe(caller === 'master');
  });

  it('lists them to staff only: everyone’s to editors and masters, an author’s own to the author', async () => {
    expect((await portal.request('GET', '/api/events/unpublished')).status).toBe(401);
    const refused = await portal.request('GET', '/api/events/unpublished', { token: reader.token });
    expect(refused.status).toBe(403);
    const seen = async (who: Member) => idsOf(((await portal.request('GET', '/api/events/unpublished', { token: who.token })).body as unknown as { events: EventCard[] }).events);
    expect(await seen(organizer)).toEqual(expect.arrayContaining([draft.id, cancelled.id]));
    expect(await seen(organizer)).not.toContain(published.id);
    expect(await seen(otherAuthor)).not.toContain(draft.id);
    for (const who of [editor, master]) expect(await seen(who)).toEqual(expect.arrayContaining([draft.id, cancelled.id]));
  });

  it('keeps them off the public list, the page and the calendar file', async () => {
    const ids = idsOf((await list(`?city=${CARUARU.path}`)).events);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(cancelled.id);
    expect((await portal.request('GET', `/api/events/${draft.id}/calendar`)).status).toBe(404);
    expect((await portal.request('GET', `/api/events/${randomUUID()}`)).status).toBe(404);
    expect((await portal.request('GET', '/api/events/nao-e-um-id')).status).toBe(404);
  });
});

describe('editing and deleting', () => {
  it.each([
    ['anonymous', 401, 404],
    ['reader', 403, 404],
    ['other author', 403, 404],
    ['organizer', 200, 200],
    ['editor', 200, 200],
    ['master', 200, 200],
  ] as [Caller, number, number][])('%s edits a published event: %i, a draft: %i', async (caller, onPublished, onDraft) => {
    const published = await create(organizer, { status: 'published' });
    const draft = await create(organizer);
    for (const [event, expected] of [
      [published, onPublished],
      [draft, caller === 'anonymous' ? 401 : onDraft],
    ] as [EventView, number][]) {
      const response = await portal.request('PUT', `/api/events/${event.id}`, { token: tokenOf(caller), body: { title: `Editado por ${caller}` } });
      expect(response.status, `${caller} ${event.status}`).toBe(expected);
      if (expected === 403) expect(response.body.message).toBe('Você não tem permissão para editar este evento');
      if (expected === 200) expect(response.body).toMatchObject({ title: `Editado por ${caller}`, organizer: { id: organizer.id }, description: event.description });
    }
  });

  it('changes only what it sends; allows a past date, any status and a new city; still checks every rule', async () => {
    const event = await create(organizer, { end_date: at(3 * DAY + 2 * HOUR) });
    const moved = await edit(editor, event.id, { city: PETROLINA.path, status: 'published' });
    expect(moved).toMatchObject({ city: PETROLINA.path, city_name: 'Petrolina', title: event.title, end_date: event.end_date, status: 'published' });
    const past = await edit(organizer, event.id, { event_date: at(-2 * DAY), end_date: null, status: 'cancelled' });
    expect(past).toMatchObject({ status: 'cancelled', end_date: null });
    for (const [body, message] of [
      [{ status: 'arquivado' }, 'Status inválido'],
      [{ title: 'x' }, 'Título deve ter no mínimo 3 caracteres'],
      [{ end_date: at(-3 * DAY) }, 'A data de término deve ser posterior à data de início'],
      [{ city: 'nao-existe-mesmo' }, 'Cidade inválida'],
      [{ description: '<p>oi</p>' }, 'Descrição deve ter no mínimo 10 caracteres'],
    ] as [Record<string, unknown>, string][]) {
      const response = await portal.request('PUT', `/api/events/${event.id}`, { token: organizer.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await portal.request('PUT', `/api/events/${randomUUID()}`, { token: master.token, body: { title: 'Ninguém' } })).status).toBe(404);
  });

  it('is deleted by a master only, and then is gone', async () => {
    const event = await create(organizer, { status: 'published' });
    expect((await portal.request('DELETE', `/api/events/${event.id}`)).status).toBe(401);
    for (const who of [reader, otherAuthor, organizer, editor]) {
      const response = await portal.request('DELETE', `/api/events/${event.id}`, { token: who.token });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Apenas o Master pode excluir eventos');
    }
    expect((await portal.request('DELETE', `/api/events/${event.id}`, { token: master.token })).status).toBe(204);
    expect((await portal.request('GET', `/api/events/${event.id}`, { token: master.token })).status).toBe(404);
    expect((await portal.request('DELETE', `/api/events/${event.id}`, { token: master.token })).status).toBe(404);
    // The role is checked before the event is read: a non-master gets the same 403 for a draft it may
    // not see as for no event at all, so the answer tells nothing about what exists.
    const draft = await create(organizer);
    for (const id of [draft.id, randomUUID()]) {
      const response = await portal.request('DELETE', `/api/events/${id}`, { token: otherAuthor.token });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Apenas o Master pode excluir eventos');
    }
    expect((await portal.request('DELETE', `/api/events/${draft.id}`, { token: master.token })).status).toBe(204);
  });
});

describe('the public list', () => {
  it('holds published events from now on, soonest first, filtered by city, with the cities of published articles', async () => {
    const later = await create(organizer, { title: 'Festival de sanfona', city: SURUBIM.path, event_date: at(6 * DAY), status: 'published' });
    const sooner = await create(editor, { title: 'Feira de artesanato em barro', city: SURUBIM.path, event_date: at(DAY), status: 'published' });
    const elsewhere = await create(master, { title: 'Festa da uva', city: GARANHUNS.path, event_date: at(2 * DAY), status: 'published' });
    const soon = await create(organizer, { title: 'Xote na praça', city: SURUBIM.path, event_date: at(4 * DAY), status: 'published' });
    expect(idsOf((await list(`?city=${SURUBIM.path}`)).events)).toContain(soon.id);
    // Its date moves to the past: it leaves the list by the query alone.
    await edit(organizer, soon.id, { event_date: at(-HOUR) });

    const surubim = await list(`?city=${SURUBIM.path}`);
    const ids = idsOf(surubim.events);
    expect(ids).toEqual(expect.arrayContaining([sooner.id, later.id]));
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain(soon.id);
    expect(surubim.events.every((event) => event.city === SURUBIM.path && event.status === 'published' && Date.parse(event.event_date) >= Date.now() - 60_000)).toBe(true);
    expect(surubim.events.map((event) => event.event_date)).toEqual(surubim.events.map((event) => event.event_date).sort());
    // Cards carry no description; the filter's options are the cities of published articles.
    expect(surubim.events[0]).not.toHaveProperty('description');
    expect(surubim.cities).toContainEqual(expect.objectContaining({ location_path: CARUARU.path, location_name: 'Caruaru', state_code: 'PE' }));
    expect(surubim.cities.map((item) => item.location_path)).not.toContain(SURUBIM.path);

    expect(idsOf((await list(`?city=${GARANHUNS.path}`)).events)).toEqual([elsewhere.id]);
    const all = await list();
    expect(idsOf(all.events).length).toBeGreaterThan(0);

    const upcoming = (await portal.request('GET', '/api/events/upcoming')).body as unknown as { events: EventCard[] };
    expect(upcoming.events.length).toBeLessThanOrEqual(4);
    expect(idsOf(upcoming.events)).not.toContain(soon.id);
    expect(upcoming.events.map((event) => event.event_date)).toEqual(upcoming.events.map((event) => event.event_date).sort());
  });

  it('pages through a city 12 at a time, without repeats, and refuses a forged cursor', async () => {
    const city = 'bezerros-pe';
    const made = [];
    for (let index = 0; index < 13; index++) made.push(await create(organizer, { city, event_date: at((index + 1) * HOUR), status: 'published' }));
    const first = await list(`?city=${city}`);
    expect(first.events).toHaveLength(12);
    expect(first.next_cursor).toBeTruthy();
    const second = await list(`?city=${city}&cursor=${first.next_cursor}`);
    expect(second.events).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect([...idsOf(first.events), ...idsOf(second.events)]).toEqual(made.map((event) => event.id));
    for (const query of ['?cursor=abc', `?city=${CARUARU.path}&cursor=${first.next_cursor}`, '?city=Não%20é%20cidade']) {
      expect((await portal.request('GET', `/api/events${query}`)).status, query).toBe(400);
    }
  });

  it('gives a published event as a calendar file', async () => {
    const event = await create(organizer, {
      title: 'Bacamarteiros, forró; e quadrilhas',
      event_date: '2031-06-23T20:00:00-03:00',
      end_date: '2031-06-23T23:00:00-03:00',
      status: 'published',
    });
    const response = await fetch(`${baseUrl}/api/events/${event.id}/calendar`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="evento-bacamarteiros-forro-e-quadrilhas.ics"');
    const text = await response.text();
    expect(text).toContain('BEGIN:VEVENT\r\n');
    expect(text).toContain('DTSTART:20310623T230000Z\r\n');
    expect(text).toContain('DTEND:20310624T020000Z\r\n');
    expect(text).toContain('SUMMARY:Bacamarteiros\\, forró\\; e quadrilhas\r\n');
    expect(text).toContain(`URL:http://localhost:${ports.gateway}/events/${event.id}`);
  });
});

async function page(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLd = (html: string) => {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
};

describe('the rendered pages and the sitemap', () => {
  it("renders a published event's page with its Event data; a draft's page is a 404", async () => {
    const event = await create(organizer, {
      title: 'Noite do coco de roda',
      event_date: '2031-07-10T21:00:00-03:00',
      cover_image: 'https://imagens.exemplo.com.br/coco.jpg',
      status: 'published',
    });
    const { status, html, headers } = await page(`/events/${event.id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(titleOf(html)).toBe('Noite do coco de roda — Portal Plural');
    expect(html).toContain('Trios de forró pé de serra tocam a noite inteira');
    expect(html).toContain('Quinta-feira, 10 de julho de 2031, às 21h00');
    expect(html).toContain('Pátio do Forró, Centro');
    expect(html).toContain(CARUARU.label);
    expect(html).toMatch(/<img[^>]*src="https:\/\/imagens\.exemplo\.com\.br\/coco\.jpg"/);
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Event',
      name: 'Noite do coco de roda',
      startDate: '2031-07-11T00:00:00.000Z',
      location: { '@type': 'Place', name: 'Pátio do Forró, Centro', address: { addressLocality: 'Caruaru', addressRegion: 'PE', addressCountry: 'BR' } },
      organizer: { name: 'Olga Organizadora' },
    });

    const draft = await create(organizer, { title: 'Rascunho secreto do coco' });
    const hidden = await page(`/events/${draft.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('Rascunho secreto do coco');
  });

  it('renders the agenda of a city, cached only until its first event starts, and purges it when an event changes', async () => {
    const event = await create(organizer, { title: 'Pífanos na feira', city: 'gravata-pe', event_date: at(2 * HOUR), status: 'published' });
    const path = '/events?city=gravata-pe';
    await eventually(async () => ((await page(path)).html.includes('Pífanos na feira') ? true : undefined), 5_000);
    const agenda = await page(path);
    expect(agenda.status).toBe(200);
    expect(titleOf(agenda.html)).toBe('Eventos em Gravatá (PE) — Portal Plural');
    const maxAge = Number(/s-maxage=(\d+)/.exec(agenda.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(2 * 3600);

    await edit(organizer, event.id, { title: 'Pífanos e rabecas na feira' });
    await eventually(async () => ((await page(path)).html.includes('Pífanos e rabecas na feira') ? true : undefined), 5_000);
    await eventually(async () => (titleOf((await page(`/events/${event.id}`)).html) === 'Pífanos e rabecas na feira — Portal Plural' ? true : undefined), 5_000);

    await edit(organizer, event.id, { status: 'draft' });
    await eventually(async () => ((await page(`/events/${event.id}`)).status === 404 ? true : undefined), 5_000);
    await eventually(async () => (!(await page(path)).html.includes('Pífanos e rabecas na feira') ? true : undefined), 5_000);
  });

  it('lists published events in the sitemap, never drafts', async () => {
    const published = await create(organizer, { title: 'Cavalgada de São João', status: 'published' });
    const draft = await create(organizer, { title: 'Cavalgada em rascunho' });
    const locations = async () => {
      const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
      const file = /<loc>([^<]*sitemap-events-1\.xml)<\/loc>/.exec(index)?.[1];
      if (!file) return [];
      const sitemap = await (await fetch(`${baseUrl}${new URL(file).pathname}`)).text();
      return sitemap.includes('</urlset>') ? (await sitemapUrls(sitemap)).map((entry) => entry.url) : [];
    };
    const found = await eventually(async () => {
      const urls = await locations();
      return urls.some((url) => url.endsWith(`/events/${published.id}`)) ? urls : undefined;
    });
    expect(found.some((url) => url.endsWith(`/events/${draft.id}`))).toBe(false);
  });
});
