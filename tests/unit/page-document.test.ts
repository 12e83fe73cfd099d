import { describe, expect, it } from 'vitest';
import { pageDocument, type Shell } from '../../lambdas/pages/document';
import { APP_ATTRIBUTE, ENTRY_ATTRIBUTE, ISLANDS_ATTRIBUTE, MODULES_ATTRIBUTE } from '../../shared/boot-script';
import { headTags } from '../../web/src/ssr/head';
import { serializeState, STATE_ELEMENT_ID, stateScript, type PageState } from '../../web/src/ssr/state';
import type { RenderedPage } from '../../web/src/entry-server';
import { CONSENT_BANNER_HTML } from '../../web/src/islands/lib/consent-banner-markup';

const ORIGIN = 'https://portal.exemplo.com.br';
const ARTICLE_PAGE = 'src/features/articles/pages/ArticlePage.tsx';

/** The web build's index.html as Vite writes it: its entry script, a shared chunk and stylesheet already linked. */
const SHELL_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Descrição padrão do portal." />
    <title>Portal Plural</title>
    <!-- Every page needs the runtime config before its first API call. -->
    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-v1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Ative o JavaScript.</noscript>
  </body>
</html>`;

const shell: Shell = {
  html: SHELL_HTML,
  manifest: {
    'index.html': { file: 'assets/index-abc123.js', css: ['assets/index-abc123.css'] },
    'src/islands/boot.ts': { file: 'assets/islands-i1.js' },
    [ARTICLE_PAGE]: { file: 'assets/ArticlePage-p1.js', imports: ['index.html', '_Card-c2.js'], css: ['assets/ArticlePage-p1.css'] },
    '_Card-c2.js': { file: 'assets/Card-c2.js', imports: ['index.html', '_shared-s3.js'], css: ['assets/Card-c2.css'] },
    // A cycle between chunks: each is still preloaded once.
    '_shared-s3.js': { file: 'assets/shared-s3.js', imports: ['_Card-c2.js'] },
  },
};

const state: PageState = { info: { origin: ORIGIN, renderedAt: 0, notFound: false }, queries: { mutations: [], queries: [] } };

const page = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  head: headTags(
    { title: 'Um artigo — Portal Plural', description: 'O resumo do artigo.', canonical: '/campinas-sp/um-artigo', type: 'article' },
    ORIGIN,
  ),
  html: '<main><h1>Um artigo</h1></main>',
  state: stateScript(state),
  modules: [ARTICLE_PAGE],
  ...overrides,
});

const count = (text: string, part: string) => text.split(part).length - 1;
const headOf = (document: string) => document.slice(0, document.indexOf('</head>'));
/** What the boot script (shared/boot-script.ts) reads from <html>: the entry and the chunks to fetch with it. */
const startup = (document: string) => {
  const html = /<html ([^>]*)>/.exec(document)?.[1] ?? '';
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
  return {
    entry: attribute(ENTRY_ATTRIBUTE),
    islands: attribute(ISLANDS_ATTRIBUTE),
    app: new RegExp(`(^| )${APP_ATTRIBUTE}( |$)`).test(html),
    modules: attribute(MODULES_ATTRIBUTE)?.split(' ').filter(Boolean),
  };
};

describe('pageDocument', () => {
  const document = pageDocument(shell, page());

  it('replaces the shell’s default title and description with the page’s', () => {
    expect(count(document, '<title>')).toBe(1);
    expect(document).toContain('<title>Um artigo — Portal Plural</title>');
    expect(document).not.toContain('<title>Portal Plural</title>');
    expect(count(document, '<meta name="description"')).toBe(1);
    expect(document).toContain('<meta name="description" content="O resumo do artigo." />');
    expect(document).not.toContain('Descrição padrão do portal.');
    expect(headOf(document)).toContain(`<link rel="canonical" href="${ORIGIN}/campinas-sp/um-artigo" />`);
  });
  it('keeps the rest of the shell: its stylesheet, its <html> attributes, the body', () => {
    expect(document).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">');
    expect(document).toContain('lang="pt-BR">');
    expect(document).toContain('<noscript>Ative o JavaScript.</noscript>');
    expect(document.startsWith('<!doctype html>')).toBe(true);
  });
  it('names the entry and the shell’s chunks for the boot script instead of loading them with the page', () => {
    expect(startup(document).entry).toBe('/assets/index-abc123.js');
    expect(startup(document).modules?.slice(0, 1)).toEqual(['/assets/vendor-v1.js']);
    expect(document).not.toContain('<script type="module"');
    expect(document).not.toContain('modulepreload');
    // The config is fetched by the app when it starts, not alongside the page.
    expect(document).not.toContain('/config.json');
  });
  it('puts the markup in #root, followed by the consent banner (outside React) and the state script', () => {
    const after = document.slice(document.indexOf('<div id="root">'));
    expect(after.startsWith('<div id="root"><main><h1>Um artigo</h1></main></div>')).toBe(true);
    expect(after.indexOf(CONSENT_BANNER_HTML)).toBeGreaterThan(0);
    expect(after.indexOf(`<script type="application/json" id="${STATE_ELEMENT_ID}">`)).toBeGreaterThan(after.indexOf(CONSENT_BANNER_HTML));
    expect(document).not.toContain('<div id="root"></div>');
    expect(document.indexOf(STATE_ELEMENT_ID)).toBeLessThan(document.indexOf('</body>'));
  });
  it('copies the page as it is, even text that looks like a replacement pattern (R$&, US$\')', () => {
    const priced = pageDocument(shell, page({ html: "<p>R$&amp; 10 e US$' 5, R$` e R$$</p>", head: "<title>Preço: R$' 10</title>" }));
    expect(priced).toContain(`<div id="root"><p>R$&amp; 10 e US$' 5, R$\` e R$$</p></div>`);
    expect(priced).toContain("<title>Preço: R$' 10</title>");
    expect(count(priced, '<div id="root">')).toBe(1);
    expect(count(priced, '</html>')).toBe(1);
  });
  it('names the page’s chunk and the chunks it imports, and links their stylesheets in <head>', () => {
    expect(startup(document).modules).toEqual(['/assets/vendor-v1.js', '/assets/ArticlePage-p1.js', '/assets/Card-c2.js', '/assets/shared-s3.js']);
    const head = headOf(document);
    for (const file of ['ArticlePage-p1.css', 'Card-c2.css']) {
      expect(count(head, `<link rel="stylesheet" href="/assets/${file}" />`)).toBe(1);
    }
  });
  it('does not name again what the shell already loads', () => {
    expect(count(document, 'index-abc123.js')).toBe(1);
    expect(count(document, 'index-abc123.css')).toBe(1);
  });
  it('adds nothing for a page without a lazy chunk, or one the manifest does not name', () => {
    for (const modules of [[], ['src/features/nada/Page.tsx']]) {
      const plain = pageDocument(shell, page({ modules }));
      expect(startup(plain).modules).toEqual(['/assets/vendor-v1.js']);
      expect(count(plain, 'rel="stylesheet"')).toBe(1);
    }
    expect(startup(pageDocument({ ...shell, manifest: { 'src/islands/boot.ts': { file: 'assets/islands-i1.js' } } }, page())).modules).toEqual(['/assets/vendor-v1.js']);
  });
  it('names the islands’ entry, and asks for the app only on a page that needs it for a signed-in reader', () => {
    expect(startup(document).islands).toBe('/assets/islands-i1.js');
    expect(startup(document).app).toBe(false);
    expect(startup(pageDocument(shell, page({ app: true }))).app).toBe(true);
    expect(() => pageDocument({ ...shell, manifest: {} }, page())).toThrow(/src\/islands\/boot\.ts/);
  });
  it('refuses a shell without its entry script', () => {
    expect(() => pageDocument({ ...shell, html: SHELL_HTML.replace(/<script type="module"[^>]*><\/script>/, '') }, page())).toThrow(/entry script/);
  });
  it('refuses a shell without an empty #root', () => {
    expect(() => pageDocument({ ...shell, html: SHELL_HTML.replace('<div id="root"></div>', '<div id="app"></div>') }, page())).toThrow(/#root/);
  });
});

describe('headTags', () => {
  const tricky = { title: 'Ele disse "basta" <script>alert(1)</script> & saiu', description: 'Aspas "duplas" e <b>tags</b>' };

  it('escapes quotes and angle brackets in text and attributes', () => {
    const head = headTags({ ...tricky, canonical: '/article/a', type: 'article', image: '/media/a.webp', imageAlt: 'Foto "x" <y>' }, ORIGIN);
    expect(head).toContain('<title>Ele disse "basta" &lt;script&gt;alert(1)&lt;/script&gt; &amp; saiu</title>');
    expect(head).toContain('<meta property="og:title" content="Ele disse &quot;basta&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; saiu" />');
    expect(head).toContain('<meta name="description" content="Aspas &quot;duplas&quot; e &lt;b&gt;tags&lt;/b&gt;" />');
    expect(head).toContain('<meta property="og:image:alt" content="Foto &quot;x&quot; &lt;y&gt;" />');
    expect(head).not.toContain('<script>');
    expect(head).not.toContain('<b>');
    // Every attribute value ends at its own closing quote: no quote from the data is left raw.
    for (const tag of head.split('\n')) expect(count(tag, '"') % 2).toBe(0);
  });
  it('makes the canonical, og:url and og:image addresses absolute on the origin', () => {
    const head = headTags({ title: 'A', canonical: '/campinas-sp/a', type: 'article', image: '/media/a.webp' }, ORIGIN);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/campinas-sp/a" />`);
    expect(head).toContain(`<meta property="og:url" content="${ORIGIN}/campinas-sp/a" />`);
    expect(head).toContain(`<meta property="og:image" content="${ORIGIN}/media/a.webp" />`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
  it('says noindex instead of a canonical address when asked', () => {
    const head = headTags({ title: 'Página não encontrada', canonical: '/404', type: 'website', noindex: true }, ORIGIN);
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
    expect(headTags({ title: 'A', canonical: '/', type: 'website' }, ORIGIN)).not.toContain('noindex');
  });
});

describe('serializeState', () => {
  const hostile: PageState = {
    info: { origin: ORIGIN, renderedAt: 1_700_000_000_000, notFound: false },
    queries: {
      mutations: [],
      queries: [
        {
          queryKey: ['articles', 'bySlug', 'um-artigo'],
          queryHash: '["articles","bySlug","um-artigo"]',
          dehydratedAt: 0,
          state: {
            data: { title: '</script><script>alert(1)</script>', body: '<!-- <script> --> a\u2028b\u2029c' },
            dataUpdateCount: 1,
            dataUpdatedAt: 0,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  };

  it('leaves no < in the text, so </script> in the data cannot close the element', () => {
    const text = serializeState(hostile);
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    const script = stateScript(hostile);
    expect(count(script, '</script>')).toBe(1);
    expect(script.endsWith('</script>')).toBe(true);
  });
  it('gives back the data when the browser parses the script’s content', () => {
    const script = stateScript(hostile);
    const content = /^<script type="application\/json" id="portal-state">([\s\S]*)<\/script>$/.exec(script)?.[1];
    expect(JSON.parse(content ?? '')).toEqual(hostile);
  });
  it('survives the trip through the document', () => {
    const document = pageDocument(shell, page({ state: stateScript(hostile) }));
    const content = new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">([^<]*)</script>`).exec(document)?.[1];
    expect(JSON.parse(content ?? '')).toEqual(hostile);
  });
});
