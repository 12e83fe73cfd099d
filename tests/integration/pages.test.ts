// The public pages as crawlers and link previews get them: server-rendered HTML, read here without
// running any JavaScript, through the local gateway's edge cache. Freshness goes through the real
// pipeline: a save becomes an event, the page-purge worker invalidates through the CloudFront API
// (its stand-in), and the next request renders the page again.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft } from '../../shared/api-types';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
// The runtime's SITE_URL: canonical addresses are absolute on it.
const SITE_URL = `http://localhost:${ports.gateway}`;

// A city no other test file publishes under.
const NATAL = { code: '2408102', path: 'natal-rn', name: 'Natal (RN)' };
const COVER = 'https://imagens.exemplo.com.br/capa-natal.jpg';
const LEAD = 'A orla de Ponta Negra ganha nova ciclovia a partir de dezembro.';
const SECRET = 'Este parágrafo exclusivo fala do orçamento da obra.';

let author: Member;
let editor: Member;

beforeAll(async () => {
  [author, editor] = await Promise.all([
    member(portal, table, 'autora-paginas', 'Paula Páginas', { roles: ['author'] }),
    member(portal, table, 'editor-paginas', 'Pedro Pauta', { roles: ['editor'] }),
  ]);
});

async function publish(overrides: Record<string, unknown> = {}): Promise<ArticleDraft> {
  const created = await portal.request('POST', '/api/articles', {
    token: author.token,
    body: {
      title: 'Natal inaugura ciclovia na orla',
      slug: `paginas-${randomUUID().slice(0, 8)}`,
      summary: 'Obra liga Ponta Negra à Via Costeira.',
      content: `<p>${LEAD}</p>`,
      cover_image: COVER,
      city_code: NATAL.code,
      tags: ['mobilidade'],
      ...overrides,
    },
  });
  expect(created.status, created.text).toBe(201);
  return save(created.body as unknown as ArticleDraft, { status: 'published' });
}

async function save(draft: ArticleDraft, changes: Record<string, unknown>): Promise<ArticleDraft> {
  const response = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { ...changes, base_version: draft.version } });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ArticleDraft;
}

async function page(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const meta = (html: string, property: string) => attribute(html, new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLd = (html: string) => {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
};

describe('server-rendered pages', () => {
  let article: ArticleDraft;
  let premium: ArticleDraft;

  beforeAll(async () => {
    article = await publish();
    premium = await publish({ title: 'Orçamento da ciclovia de Natal', visibility: 'premium', content: `<p>${LEAD}</p><p>${SECRET}</p>` });
  });

  it('an article, under both its addresses, holds its title, lead, cover, byline, tags, city, sharing tags and structured data', async () => {
    for (const path of [`/article/${article.slug}`, `/${NATAL.path}/${article.slug}`]) {
      const { status, html, headers } = await page(path);
      expect(status, path).toBe(200);
      expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(headers.get('cache-control')).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+.*stale-if-error=\d+/);
      expect(title(html)).toBe('Natal inaugura ciclovia na orla — Portal Plural');
      expect(meta(html, 'description')).toBe('Obra liga Ponta Negra à Via Costeira.');
      expect(html).toContain(LEAD);
      expect(html).toContain('Paula Páginas');
      expect(html).toContain('mobilidade');
      expect(html).toContain(NATAL.name);
      expect(html).toMatch(new RegExp(`<img[^>]*src="${COVER}"[^>]*>`));
      expect(html).toMatch(/<img[^>]*width="\d+"[^>]*height="\d+"/);
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${SITE_URL}/${NATAL.path}/${article.slug}`);
      expect(meta(html, 'og:title')).toBe('Natal inaugura ciclovia na orla — Portal Plural');
      expect(meta(html, 'og:type')).toBe('article');
      expect(meta(html, 'og:image')).toBe(COVER);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(jsonLd(html)).toMatchObject({ '@type': 'NewsArticle', headline: 'Natal inaugura ciclovia na orla', isAccessibleForFree: true });
      expect(html).toMatch(new RegExp(`href="/author/${author.id}"`));
    }
  });

  it("a premium article's HTML holds the lead and the paywall, never the body", async () => {
    const { status, html } = await page(`/${NATAL.path}/${premium.slug}`);
    expect(status).toBe(200);
    expect(html).toContain(LEAD);
    expect(html).toContain('Este conteúdo é exclusivo para assinantes Premium');
    expect(html).not.toContain(SECRET);
    expect(jsonLd(html)).toMatchObject({ isAccessibleForFree: false });
  });

  it('the home and the home of a city list the article with their own titles; an unknown city is not indexed', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(title(home.html)).toBe('Portal Plural — Notícias');
    expect(home.html).toContain('Natal inaugura ciclovia na orla');
    const city = await page(`/?city=${NATAL.path}&utm_source=whatsapp`);
    expect(title(city.html)).toBe(`${NATAL.name} — Portal Plural`);
    expect(meta(city.html, 'description')).toBe(`Últimas notícias de ${NATAL.name} no Portal Plural.`);
    expect(city.html).toContain(`/rss/${NATAL.path}.xml`);
    const unknown = await page('/?city=cidade-que-nao-existe');
    expect(meta(unknown.html, 'robots')).toBe('noindex');
    expect(title(unknown.html)).toBe('Cidade não encontrada — Portal Plural');
  });

  it("the author page lists the author's published articles", async () => {
    const { status, html } = await page(`/author/${author.id}`);
    expect(status).toBe(200);
    expect(title(html)).toBe('Paula Páginas — Portal Plural');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(html).toContain('Natal inaugura ciclovia na orla');
  });

  it('an unknown article, author or address is a 404 page; the routes of the app get the app shell', async () => {
    for (const path of ['/article/nao-existe-mesmo', `/${NATAL.path}/nao-existe-mesmo`, `/author/${randomUUID()}`, '/qualquercoisa', '/a/b/c']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain('Página não encontrada');
      expect(meta(html, 'robots')).toBe('noindex');
    }
    const shell = await page('/dashboard');
    expect(shell.status).toBe(200);
    expect(shell.html).toContain('<div id="root"></div>');
  });

  it('a draft event is the anonymous 404, never cached at the edge (its staff open it in the browser); published, it is the event', async () => {
    const body = {
      title: 'Festival de bonecos na Ribeira',
      description: '<p>Grupos de mamulengo se apresentam na praça da Ribeira durante o fim de semana.</p>',
      event_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      end_date: null,
      location: 'Praça Augusto Severo, Ribeira',
      city: NATAL.path,
      status: 'draft',
    };
    const created = await portal.request('POST', '/api/events', { token: editor.token, body });
    expect(created.status, created.text).toBe(201);
    const path = `/events/${String(created.body.id)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const { status, html, headers } = await page(path);
      expect(status).toBe(404);
      expect(headers.get('cache-control')).toBe('private, no-store');
      expect(headers.get('x-cache')).not.toBe('Hit from cloudfront');
      expect(meta(html, 'robots')).toBe('noindex');
      expect(html).not.toContain('Festival de bonecos');
      expect(html).toContain('"staffMayView":true');
    }
    // An unknown event reads the same: nothing tells a draft's existence.
    expect((await page(`/events/${randomUUID()}`)).headers.get('cache-control')).toBe('private, no-store');

    const published = await portal.request('PUT', `/api/events/${String(created.body.id)}`, { token: editor.token, body: { ...body, status: 'published' } });
    expect(published.status, published.text).toBe(200);
    const shown = await page(path);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Festival de bonecos na Ribeira');
    expect(meta(shown.html, 'robots')).toBeUndefined();
  });

  it('the agenda of a city typed by name redirects to its address; a name that is no city is the 404', async () => {
    for (const query of ['Porto%20Alegre', 'porto%20alegre%20(RS)', 'porto-alegre']) {
      const response = await fetch(`${baseUrl}/events?city=${query}`, { redirect: 'manual' });
      expect(response.status, query).toBe(301);
      expect(response.headers.get('location')).toBe('/events?city=porto-alegre-rs');
    }
    expect((await page('/events?city=Cidade%20Que%20Nao%20Existe')).status).toBe(404);
  });

  it('an edit shows in the served page within 5 s, and an unpublished article is a 404, through the event pipeline and the purge', async () => {
    let current = await publish({ title: 'Feira de artesanato abre no sábado' });
    const path = `/${NATAL.path}/${current.slug}`;
    // Served from the edge cache before the edit (its own publication's purge may arrive meanwhile: ask until a hit).
    await eventually(async () => ((await page(path)).headers.get('x-cache') === 'Hit from cloudfront' ? true : undefined), 10_000);

    const edited = Date.now();
    current = await save(current, { title: 'Feira de artesanato abre no domingo' });
    await eventually(async () => (title((await page(path)).html)?.startsWith('Feira de artesanato abre no domingo') ? true : undefined), 5_000);
    expect(Date.now() - edited).toBeLessThan(5_000);
    // The home was purged too.
    expect((await page('/')).html).toContain('Feira de artesanato abre no domingo');

    await save(current, { status: 'draft' });
    await eventually(async () => ((await page(path)).status === 404 ? true : undefined), 5_000);
  });
});
