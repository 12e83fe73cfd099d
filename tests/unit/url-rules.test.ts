// The one URL rule (shared/url-rules.ts), judged as a browser reads a URL on the site, and every URL
// field that uses it: the menu, avatar and covers (the import's Featured Image goes through the
// article's schema), an applicant's website, the newsletter's tracked links.
import { describe, expect, it } from 'vitest';
import { articleCreateSchema } from '../../shared/articles';
import { applicationSchema } from '../../shared/applications';
import { profileSchema } from '../../shared/auth';
import { eventCreateSchema } from '../../shared/events';
import { menuItemSchema } from '../../shared/menu';
import { imageUrl, isOwnSiteUrl, judgeUrl, linkUrl, webUrl } from '../../shared/url-rules';
import { mapRow } from '../../lambdas/imports/mapping';

const SITE = 'https://portal.example.com.br';

// Each of these leaves the site, runs script or hides who it points at once a browser reads it.
const REFUSED = [
  ['a backslash the browser reads as a slash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a backslash after the scheme', 'https:\\\\evil.example/x'],
  ['a path that leaves the origin', '//evil.example'],
  ['a path that leaves the origin, with a dot', '/./\\evil.example'],
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: in capitals', 'JavaScript:alert(1)'],
  ['javascript: split by a tab (the parser drops tabs)', 'java\tscript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['another scheme', 'ftp://exemplo.com/a.png'],
  ['credentials', 'https://user:pw@exemplo.com/x'],
  ['a user name that shows the portal', `https://portal.example.com.br@evil.example/x`],
  ['a line break inside', '/cidade/\nx'],
  ['a carriage return', 'https://exemplo.com/\r/x'],
  ['a NUL', '/cidade/\u0000x'],
  ['DEL', '/cidade/\u007fx'],
  ['a bidi override', '/cidade/\u202Ex'],
  ['a zero-width space', 'https://exe\u200Bmplo.com/'],
  ['a space', '/cidade/ x'],
  ['a word, neither a path nor a URL', 'eventos'],
  ['a host without scheme', 'www.exemplo.com.br'],
  ['nothing', ''],
] as const;

describe('judgeUrl', () => {
  it.each(REFUSED)('refuses %s', (_, value) => {
    expect(judgeUrl(value, SITE)).toBeUndefined();
    expect(judgeUrl(value)).toBeUndefined();
  });

  it('takes a path of the site as internal, resolved as the browser resolves it', () => {
    expect(judgeUrl('/cidade/x', SITE)).toMatchObject({ internal: true, absolute: false });
    expect(judgeUrl('/cidade/x', SITE)?.url.href).toBe(`${SITE}/cidade/x`);
    expect(judgeUrl('/a/../eventos?city=campinas-sp#lista')?.url.pathname).toBe('/eventos');
  });

  it('takes an absolute http(s) URL, internal exactly when its origin is the site’s', () => {
    expect(judgeUrl(`${SITE}/article/x`, SITE)).toMatchObject({ internal: true, absolute: true });
    expect(judgeUrl('https://portal.example.com.br:443/x', SITE)).toMatchObject({ internal: true });
    expect(judgeUrl('http://portal.example.com.br/x', SITE)).toMatchObject({ internal: false });
    expect(judgeUrl('https://portal.example.com.br.evil.example/x', SITE)).toMatchObject({ internal: false, absolute: true });
    expect(judgeUrl('https://exemplo.com.br/b', SITE)).toMatchObject({ internal: false, absolute: true });
  });
});

describe('the fields', () => {
  it('menu: a path of the site or any web address, stored normalized', () => {
    expect(linkUrl('/cidade/x')).toBe('/cidade/x');
    expect(linkUrl('/a/../eleicoes')).toBe('/eleicoes');
    expect(linkUrl('/são-paulo-sp')).toBe('/s%C3%A3o-paulo-sp');
    expect(linkUrl('https://Exemplo.com.br/b')).toBe('https://exemplo.com.br/b');
    const menu = (url: string) => menuItemSchema.safeParse({ label: 'Eleições', url, display_order: 1, is_active: true });
    expect(menu('/cidade/x').data?.url).toBe('/cidade/x');
    expect(menu(`${SITE}/eventos`).data?.url).toBe(`${SITE}/eventos`);
    for (const [name, value] of REFUSED) {
      const parsed = menu(value);
      expect(parsed.success, name).toBe(false);
      expect(parsed.error?.issues[0]?.message, name).toBe('URL inválida');
    }
  });

  it('images (avatar, article and event covers, the import’s Featured Image): our /media/ files or any web address', () => {
    expect(imageUrl('')).toBe('');
    expect(imageUrl('/media/user-1/1700000000000.png')).toBe('/media/user-1/1700000000000.png');
    expect(imageUrl('https://exemplo.com.br/capa.jpg')).toBe('https://exemplo.com.br/capa.jpg');
    for (const value of ['/cidade/x', '/media/../api/me', '/media/%2e%2e/api/me', '/media/a.png?x=1']) expect(imageUrl(value), value).toBeUndefined();
    const valid = { title: 'Orçamento da saúde cresce', slug: 'orcamento', summary: 'Câmara aprova aumento.', content: `<p>${'Texto da matéria. '.repeat(5)}</p>`, visibility: 'public', tags: [] };
    for (const [name, value] of REFUSED.filter(([, value]) => value)) {
      expect(profileSchema.safeParse({ full_name: 'Ana', avatar_url: value }).error?.issues[0]?.message, name).toBe('URL inválida');
      expect(articleCreateSchema.safeParse({ ...valid, cover_image: value }).error?.issues[0]?.message, name).toBe('URL inválida');
      expect(eventCreateSchema.safeParse({ cover_image: value }).error?.issues.find((issue) => issue.path[0] === 'cover_image')?.message, name).toBe('URL inválida');
    }
    const row = (image: string) => mapRow({ record_id: '1', titulo: valid.title, conteudo: valid.content, Author: 'Ana', 'Featured Image': image });
    expect(row('/\\evil.example/capa.jpg')).toEqual({ ok: false, recordId: '1', error: 'URL inválida' });
    expect(row('javascript:alert(1)')).toEqual({ ok: false, recordId: '1', error: 'URL inválida' });
    expect(row('https://exemplo.com.br/capa.jpg')).toMatchObject({ ok: true, article: { fields: { cover_image: 'https://exemplo.com.br/capa.jpg' } } });
  });

  it('an applicant’s website: an absolute web address only', () => {
    expect(webUrl('https://exemplo.com.br')).toBe('https://exemplo.com.br/');
    expect(webUrl('/media/user-1/a.png')).toBeUndefined();
    const website = (value: string) => applicationSchema.shape.website.safeParse(value);
    expect(website('https://exemplo.com.br').data).toBe('https://exemplo.com.br/');
    for (const [name, value] of REFUSED.filter(([, value]) => value)) expect(website(value).error?.issues[0]?.message, name).toBe('URL inválida');
  });

  it('the newsletter’s tracked links: absolute, on the site itself', () => {
    expect(isOwnSiteUrl(`${SITE}/cidade/x`, SITE)).toBe(true);
    expect(isOwnSiteUrl('/cidade/x', SITE)).toBe(false);
    for (const [name, value] of REFUSED) expect(isOwnSiteUrl(value, SITE), name).toBe(false);
    expect(isOwnSiteUrl(`${SITE}/\\evil.example`, SITE)).toBe(false);
  });
});
