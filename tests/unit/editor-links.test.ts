import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../lambdas/articles/sanitize';
import { checkLinkUrl, isAllowedLink, LINK_MESSAGES } from '../../web/src/features/articles/lib/link-url';

const ORIGIN = 'https://portal.example';
const refusal = (value: string) => {
  const check = checkLinkUrl(value, ORIGIN);
  return check.ok ? null : check.message;
};

describe("the editor's link rule", () => {
  it('accepts absolute http(s) URLs and paths of the portal', () => {
    expect(checkLinkUrl(' https://www.ibge.gov.br/censo ', ORIGIN)).toEqual({ ok: true, href: 'https://www.ibge.gov.br/censo' });
    expect(checkLinkUrl('http://exemplo.com.br', ORIGIN)).toEqual({ ok: true, href: 'http://exemplo.com.br/' });
    expect(checkLinkUrl('/campinas-sp/feira-de-ciencias', ORIGIN)).toEqual({ ok: true, href: '/campinas-sp/feira-de-ciencias' });
    expect(checkLinkUrl('/media/u1/1.png', ORIGIN)).toEqual({ ok: true, href: '/media/u1/1.png' });
  });
  it('refuses scripts, data and other schemes', () => {
    expect(refusal('javascript:alert(1)')).toBe(LINK_MESSAGES.scheme);
    expect(refusal('JaVaScRiPt:alert(1)')).toBe(LINK_MESSAGES.scheme);
    expect(refusal('data:text/html,<script>alert(1)</script>')).toBe(LINK_MESSAGES.scheme);
    expect(refusal('ftp://arquivos.example')).toBe(LINK_MESSAGES.scheme);
  });
  it('refuses backslashes, control characters and credentials', () => {
    expect(refusal('/\\evil.example')).toBe(LINK_MESSAGES.backslash);
    expect(refusal('https:\\\\evil.example')).toBe(LINK_MESSAGES.backslash);
    expect(refusal('java\tscript:alert(1)')).toBe(LINK_MESSAGES.control);
    expect(refusal('https://a.example/\u0000x')).toBe(LINK_MESSAGES.control);
    expect(refusal('https://user:senha@banco.example')).toBe(LINK_MESSAGES.credentials);
    expect(refusal('https://portal.example@evil.example')).toBe(LINK_MESSAGES.credentials);
  });
  it('refuses what is neither: protocol-relative, bare words, empty', () => {
    expect(refusal('//evil.example/x')).toBe(LINK_MESSAGES.invalid);
    expect(refusal('pagina sem endereco')).toBe(LINK_MESSAGES.invalid);
    expect(refusal('   ')).toBe(LINK_MESSAGES.empty);
  });
  it("gives auto-linked bare addresses the editor's https and judges them by the same rule", () => {
    expect(isAllowedLink('www.ibge.gov.br', ORIGIN)).toBe(true);
    expect(isAllowedLink('https://user:pw@x.example', ORIGIN)).toBe(false);
    expect(isAllowedLink('javascript:alert(1)', ORIGIN)).toBe(false);
  });
});

describe('the article sanitizer and body links and images', () => {
  it('keeps links and uploaded images the editor inserts', () => {
    const html =
      '<p><a href="https://www.ibge.gov.br/censo">censo</a> e <a href="/campinas-sp/feira">feira</a></p><img src="/media/u1/1700000000000.png" alt="Estudantes na feira">';
    const clean = sanitizeArticleHtml(html);
    expect(clean).toContain('<a href="https://www.ibge.gov.br/censo" rel="noopener noreferrer nofollow">censo</a>');
    expect(clean).toContain('<a href="/campinas-sp/feira" rel="noopener noreferrer nofollow">feira</a>');
    expect(clean).toContain('<img src="/media/u1/1700000000000.png" alt="Estudantes na feira" />');
  });
  it('drops addresses with backslashes or credentials, keeping the text', () => {
    for (const href of ['/\\evil.example', 'https:\\\\evil.example', 'https://user:pw@evil.example/x', '/&#92;evil.example']) {
      const clean = sanitizeArticleHtml(`<p><a href="${href}">leia</a><img src="${href}" alt="foto"></p>`);
      expect(clean).toBe('<p><a rel="noopener noreferrer nofollow">leia</a><img alt="foto" /></p>');
    }
  });
  it('still drops javascript:, data: and protocol-relative addresses', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      expect(sanitizeArticleHtml(`<a href="${href}">x</a>`)).toBe('<a rel="noopener noreferrer nofollow">x</a>');
    }
  });
});
