// The search island writes the markup the React page renders (web/src/islands/lib/search-markup.ts
// against features/search/components): each state is rendered both ways and compared node for node
// (attributes in any order), so a Mantine update or a change on one side only fails here. Also the
// newsletter box's rules, which the React box and its island share.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '../../shared/newsletter-rules';
import { RetryAlert } from '../../web/src/components/RetryAlert';
import { signupFailure, LOOKS_LIKE_EMAIL } from '../../web/src/features/newsletter/lib/signup';
import { ResultCard, ResultSkeletons } from '../../web/src/features/search/components/ResultCard';
import { ArchiveOffer, NoMatch, PageGone, SearchPagination, StatusLine } from '../../web/src/features/search/components/SearchStates';
import { EMPTY_SEARCH } from '../../web/src/features/search/lib/params';
import { resultCount, SEARCH_MESSAGES, searchStatus } from '../../web/src/features/search/lib/texts';
import { archiveOffer, noMatch, pageGone, pagination, paginationRange, resultCard, resultSkeletons, retryAlert, statusLine, type ResultCardData } from '../../web/src/islands/lib/search-markup';
import { theme } from '../../web/src/theme';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * Markup as a canonical text, one token a line: tags with their attributes sorted (names lower-cased,
 * values and text decoded), so two writers of the same DOM compare equal. Mantine's <style> tags are left out.
 */
function canonical(html: string): string {
  const tokens: string[] = [];
  const source = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
  for (const [, closing, name, attributes, text] of source.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) tokens.push(`text ${decode(text)}`);
    else if (closing) tokens.push(`</${name?.toLowerCase()}>`);
    else {
      const pairs = [...(attributes ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => `${key?.toLowerCase()}="${decode(value ?? '')}"`);
      tokens.push(`<${name?.toLowerCase()} ${pairs.sort().join(' ')}>`);
    }
  }
  return tokens.join('\n');
}

const react = (element: ReactElement) =>
  canonical(renderToStaticMarkup(createElement(MantineProvider, { theme, forceColorScheme: 'light' }, createElement(MemoryRouter, null, element))));

const noop = () => undefined;

describe('search island markup', () => {
  const full: ResultCardData = {
    to: '/campinas-sp/chuva-forte',
    title: 'Chuva forte: “Eleição” & <apuração> em Campinas',
    matched: new Set(['chuva', 'eleicao']),
    lead: 'A Defesa Civil alerta para "mais chuva" no fim de semana.',
    city: 'Campinas (SP)',
    date: '2026-11-20T10:00:00.000Z',
    premium: true,
  };
  const bare: ResultCardData = { to: '/article/sem-nada', title: 'Sem cidade nem data', lead: '', city: '', date: '', premium: false };

  it.each([
    ['with everything', full],
    ['with nothing but a title', bare],
  ])('a result card %s is the ResultCard', (_, card) => {
    expect(canonical(resultCard(card))).toBe(react(createElement(ResultCard, card)));
  });

  it('the placeholders are the ResultSkeletons', () => {
    expect(canonical(resultSkeletons())).toBe(react(createElement(ResultSkeletons)));
  });

  it.each([
    [2, 1],
    [5, 5],
    [7, 4],
    [8, 1],
    [12, 6],
    [12, 11],
    [30, 4],
  ])('the pages (%i, on %i) are Mantine Pagination', (total, value) => {
    expect(canonical(pagination(total, value))).toBe(react(createElement(SearchPagination, { total, value, onChange: noop })));
  });

  it('numbers the pages as Mantine does, dots where it skips', () => {
    expect(paginationRange(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationRange(12, 1)).toEqual([1, 2, 3, 4, 5, 'dots', 12]);
    expect(paginationRange(12, 6)).toEqual([1, 'dots', 5, 6, 7, 'dots', 12]);
    expect(paginationRange(12, 12)).toEqual([1, 'dots', 8, 9, 10, 11, 12]);
  });

  it.each([
    ['a query', { ...EMPTY_SEARCH, q: 'kvjxqwzpt' }],
    ['filters only', { ...EMPTY_SEARCH, city: 'Olinda (PE)', period: 'mes' as const }],
    ['a query and a tag', { ...EMPTY_SEARCH, q: 'chuva <b>', tag: 'cultura' }],
  ])('nothing matched (%s) is the NoMatch', (_, state) => {
    expect(canonical(noMatch(state))).toBe(react(createElement(NoMatch, { state, onClear: noop })));
  });

  it('the near spellings of an empty state and the offer of the older years are the same links both ways', () => {
    const state = { ...EMPTY_SEARCH, q: 'onibos', city: 'Recife (PE)' };
    const near = ['ônibus', 'ônibus"s'];
    expect(canonical(noMatch(state, near))).toBe(react(createElement(NoMatch, { state, near, onClear: noop })));
    expect(canonical(noMatch(state, near))).toContain('href="/busca?q=%C3%B4nibus&cidade=Recife+%28PE%29"');
    const offer = archiveOffer({ ...state, q: 'frevo', page: 3 }, '2025-11-01T00:00:00.000Z');
    expect(canonical(offer)).toBe(react(createElement(ArchiveOffer, { state: { ...state, q: 'frevo', page: 3 }, since: '2025-11-01T00:00:00.000Z', onArchive: noop })));
    expect(offer).toContain('href="/busca?q=frevo&amp;cidade=Recife+%28PE%29&amp;arquivo=todos"');
    expect(canonical(offer)).toContain('text Buscar também nas notícias anteriores a novembro de 2025');
  });

  it('the failure is the RetryAlert, and a page past the last is the PageGone', () => {
    expect(canonical(retryAlert(SEARCH_MESSAGES.error))).toBe(react(createElement(RetryAlert, { message: SEARCH_MESSAGES.error, onRetry: noop })));
    expect(canonical(pageGone())).toBe(react(createElement(PageGone, { onFirst: noop })));
  });

  it('the status line is the StatusLine, and nothing when empty', () => {
    const text = resultCount(1234, 'maracatu');
    expect(text).toBe('1.234 resultados para “maracatu”');
    expect(canonical(statusLine(text))).toBe(react(createElement(StatusLine, { text })));
    expect(statusLine('')).toBe('');
  });
});

describe('search status', () => {
  it('says what the page does', () => {
    expect(searchStatus(false, 'pending', undefined, '')).toBe(SEARCH_MESSAGES.prompt);
    expect(searchStatus(true, 'pending', undefined, 'chuva')).toBe('Buscando…');
    expect(searchStatus(true, 'error', undefined, 'chuva')).toBe('');
    expect(searchStatus(true, 'done', 1, 'chuva')).toBe('1 resultado para “chuva”');
    expect(searchStatus(true, 'done', 0, 'chuva')).toBe('');
    expect(searchStatus(true, 'done', 3, '')).toBe('3 resultados');
  });
});

describe('newsletter sign-up rules', () => {
  it('catches an obvious typo only', () => {
    expect(LOOKS_LIKE_EMAIL.test('leitora@exemplo.com.br')).toBe(true);
    expect(LOOKS_LIKE_EMAIL.test('sem-arroba')).toBe(false);
    expect(LOOKS_LIKE_EMAIL.test('a@b')).toBe(false);
  });

  it("words a failure: the server's 4xx text, the rate limit, else a retry hint", () => {
    expect(signupFailure(400, 'E-mail muito longo')).toBe('E-mail muito longo');
    expect(signupFailure(429, 'Too Many Requests')).toBe(NEWSLETTER_MESSAGES.tooManySignups);
    expect(signupFailure(500, 'boom')).toBe(NEWSLETTER_MESSAGES.signupError);
    expect(signupFailure(0, undefined)).toBe(NEWSLETTER_MESSAGES.signupError);
    expect(signupFailure(400, '')).toBe(NEWSLETTER_MESSAGES.signupError);
  });
});
