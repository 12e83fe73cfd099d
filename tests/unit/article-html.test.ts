import { describe, expect, it } from 'vitest';
import { leadOf, mayEdit, mayReadFull } from '../../lambdas/articles/gating';
import { sanitizeArticleHtml, textOf } from '../../lambdas/articles/sanitize';

describe('article HTML sanitizer', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const clean = sanitizeArticleHtml(
      '<p onclick="roubar()">Olá <a href="javascript:alert(1)">clique</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Olá');
  });
  it('keeps the editor formatting: headings, lists, quotes, emphasis', () => {
    const html = '<h2>Seção</h2><ul><li><strong>a</strong></li></ul><ol><li><em>b</em></li></ol><blockquote><p>c</p></blockquote>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
  it('keeps YouTube embeds at 640x360 by default and drops iframes from other hosts', () => {
    const clean = sanitizeArticleHtml(
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div><iframe src="https://mal.example/embed/x"></iframe><iframe src="https://www.youtube.com/watch?v=x"></iframe>',
    );
    expect(clean).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(clean).toContain('width="640"');
    expect(clean).toContain('height="360"');
    expect(clean).not.toContain('mal.example');
    expect(clean).not.toContain('watch?v=');
  });
  it('marks author links as nofollow and safe to open', () => {
    expect(sanitizeArticleHtml('<a href="https://ibge.gov.br" target="_self">IBGE</a>')).toBe(
      '<a href="https://ibge.gov.br" target="_blank" rel="noopener noreferrer nofollow">IBGE</a>',
    );
  });
  it('drops style, forms and unknown tags but keeps their text', () => {
    const clean = sanitizeArticleHtml('<style>p{}</style><form><input></form><marquee>texto</marquee>');
    expect(clean).toBe('texto');
  });
  it('reads the visible text', () => {
    expect(textOf('<p>Um&nbsp;dois</p>\n<p>três</p>')).toBe('Um dois três');
  });
});

describe('content gating', () => {
  const premium = { visibility: 'premium' as const, author_id: 'autor' };
  it('lets subscribers, the author, editors and masters read a premium article', () => {
    expect(mayReadFull({ userId: 's', roles: [], subscribed: true }, premium)).toBe(true);
    expect(mayReadFull({ userId: 'autor', roles: ['author'], subscribed: false }, premium)).toBe(true);
    expect(mayReadFull({ userId: 'e', roles: ['editor'], subscribed: false }, premium)).toBe(true);
    expect(mayReadFull({ userId: 'm', roles: ['master'], subscribed: false }, premium)).toBe(true);
  });
  it('gates anonymous readers, plain readers and other authors', () => {
    expect(mayReadFull({ userId: undefined, roles: [], subscribed: false }, premium)).toBe(false);
    expect(mayReadFull({ userId: 'r', roles: [], subscribed: false }, premium)).toBe(false);
    expect(mayReadFull({ userId: 'outro', roles: ['author'], subscribed: false }, premium)).toBe(false);
    expect(mayReadFull({ userId: undefined, roles: [], subscribed: false }, { ...premium, visibility: 'public' })).toBe(true);
  });
  it('previews unpublished articles only for their author and editors', () => {
    expect(mayEdit({ userId: 'autor', roles: [], subscribed: false }, premium)).toBe(true);
    expect(mayEdit({ userId: 'x', roles: ['editor'], subscribed: false }, premium)).toBe(true);
    expect(mayEdit({ userId: 'x', roles: ['author'], subscribed: true }, premium)).toBe(false);
  });
  it('cuts the body to the first paragraph with text', () => {
    expect(leadOf('<p> </p><p>O <strong>lead</strong>.</p><h2>Depois</h2><p>Segredo</p>')).toBe('<p>O <strong>lead</strong>.</p>');
    expect(leadOf('<h2>Sem parágrafo</h2>')).toBe('');
  });
});
