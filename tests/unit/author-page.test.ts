// The author page's pure parts: which ?page= values are pages, the badge's role, and the page's labels and links.
import { describe, expect, it } from 'vitest';
import { authorPageQuerySchema, pageParam } from '../../shared/articles';
import { highestRole } from '../../shared/roles';
import { authorPageHref, publishedCountLabel } from '../../web/src/features/articles/lib/author-page';

describe('the ?page= of an author page', () => {
  it('is 1 when absent and a whole number from 1 otherwise', () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam(undefined)).toBe(1);
    expect(pageParam('1')).toBe(1);
    expect(pageParam('13')).toBe(13);
    expect(pageParam('999999999')).toBe(999_999_999);
  });

  it.each(['0', '', 'abc', '-1', '1.5', '2e3', ' 2', '1234567890'])('refuses %j', (value) => {
    expect(pageParam(value)).toBeNull();
    const parsed = authorPageQuerySchema.safeParse({ page: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ message: 'Página inválida.', path: ['page'] });
  });

  it('parses the same way in the API schema', () => {
    expect(authorPageQuerySchema.parse({})).toEqual({ page: 1 });
    expect(authorPageQuerySchema.parse({ page: '2' })).toEqual({ page: 2 });
  });
});

describe('the author badge', () => {
  it('shows the highest role: master, then editor, then author', () => {
    expect(highestRole(['author', 'master', 'editor'])).toBe('master');
    expect(highestRole(['author', 'editor'])).toBe('editor');
    expect(highestRole(['author'])).toBe('author');
    expect(highestRole([])).toBeNull();
  });
});

describe('the author page labels and links', () => {
  it('counts articles in the singular only for one', () => {
    expect(publishedCountLabel(0)).toBe('0 artigos publicados');
    expect(publishedCountLabel(1)).toBe('1 artigo publicado');
    expect(publishedCountLabel(1234)).toBe('1.234 artigos publicados');
  });

  it('gives the first page one address, without ?page=', () => {
    expect(authorPageHref('abc-123', 1)).toBe('/author/abc-123');
    expect(authorPageHref('abc-123', 2)).toBe('/author/abc-123?page=2');
  });
});
