// The search page's pure helpers: the title's highlight from Pagefind's locations, the address's query
// read into a state and written back, Pagefind's filters of a state, and the filters' options.
import { describe, expect, it } from 'vitest';
import { filterOptions } from '../../web/src/features/search/lib/filters';
import { foldWord, highlightTitle, matchedWords } from '../../web/src/features/search/lib/highlight';
import { EMPTY_SEARCH, isActiveSearch, MAX_QUERY_LENGTH, pageCount, pagefindFilters, parseSearchParams, searchParamsOf } from '../../web/src/features/search/lib/params';

const marked = (title: string, matched: string[]) =>
  highlightTitle(title, new Set(matched))
    .map((part) => (part.mark ? `[${part.text}]` : part.text))
    .join('');

describe('highlight', () => {
  it('folds accents, case and punctuation', () => {
    expect(foldWord('Eleição,')).toBe('eleicao');
    expect(foldWord('“São')).toBe('sao');
    expect(foldWord('—')).toBe('');
  });

  it('reads the matched words at the locations of the content', () => {
    const content = 'Chuvas fortes atingem Campinas. A Defesa Civil alerta para chuva.';
    expect([...matchedWords(content, [0, 9, 42])].sort()).toEqual(['chuva', 'chuvas']);
  });

  it('marks the title words whose folded form matched, punctuation left out of the mark', () => {
    expect(marked('Eleição em Campinas: “chuva” adia a apuração', ['eleicao', 'chuva'])).toBe('[Eleição] em Campinas: “[chuva]” adia a apuração');
    expect(marked('ELEIÇÃO municipal', ['eleicao'])).toBe('[ELEIÇÃO] municipal');
  });

  it('keeps the title whole and unmarked when nothing matched', () => {
    const parts = highlightTitle('Feira literária em Olinda', new Set(['teatro']));
    expect(parts).toEqual([{ text: 'Feira literária em Olinda', mark: false }]);
  });

  it('keeps the spacing of the title', () => {
    expect(marked('  Chuva   forte ', ['chuva', 'forte'])).toBe('  [Chuva]   [forte] ');
  });
});

describe('search params', () => {
  it('reads a shared address', () => {
    const params = new URLSearchParams('q=chuva&cidade=Campinas%20(SP)&tag=Clima&periodo=mes&ordem=recentes&page=2');
    expect(parseSearchParams(params)).toEqual({ q: 'chuva', city: 'Campinas (SP)', tag: 'Clima', period: 'mes', sort: 'recentes', archive: false, page: 2 });
    // The older years, asked for.
    expect(parseSearchParams(new URLSearchParams('q=frevo&arquivo=todos')).archive).toBe(true);
    expect(parseSearchParams(new URLSearchParams('q=frevo&arquivo=sim')).archive).toBe(false);
  });

  it('falls back to the defaults on anything unknown', () => {
    const params = new URLSearchParams('q=%20%20&periodo=decada&ordem=alfabetica&page=-3&cidade=');
    expect(parseSearchParams(params)).toEqual(EMPTY_SEARCH);
    expect(parseSearchParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseSearchParams(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseSearchParams(new URLSearchParams(`q=${'a'.repeat(500)}`)).q).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('writes a state back the same way, defaults left out', () => {
    const address = 'q=chuva&cidade=Campinas+%28SP%29&tag=Clima&periodo=mes&ordem=recentes&arquivo=todos&page=2';
    expect(searchParamsOf(parseSearchParams(new URLSearchParams(address))).toString()).toBe(address);
    expect(searchParamsOf(EMPTY_SEARCH).toString()).toBe('');
    expect(searchParamsOf({ ...EMPTY_SEARCH, q: '  eleição ', page: 1 }).toString()).toBe('q=elei%C3%A7%C3%A3o');
  });

  it('tells an active search from the empty page', () => {
    expect(isActiveSearch(EMPTY_SEARCH)).toBe(false);
    expect(isActiveSearch({ ...EMPTY_SEARCH, sort: 'recentes', page: 3 })).toBe(false);
    expect(isActiveSearch({ ...EMPTY_SEARCH, tag: 'Clima' })).toBe(true);
    expect(isActiveSearch({ ...EMPTY_SEARCH, q: 'chuva' })).toBe(true);
  });

  it("gives Pagefind's filters that are set", () => {
    const state = { ...EMPTY_SEARCH, city: 'Campinas (SP)', period: 'semana' as const };
    expect(pagefindFilters(state)).toEqual({ cidade: 'Campinas (SP)', periodo: 'semana' });
    expect(pagefindFilters(EMPTY_SEARCH)).toEqual({});
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('filter options', () => {
  it('lists the index values alphabetically, ignoring accents', () => {
    expect(filterOptions(['São Paulo (SP)', 'Campinas (SP)', 'Salvador (BA)'], null)).toEqual([
      { value: 'Campinas (SP)', label: 'Campinas (SP)' },
      { value: 'Salvador (BA)', label: 'Salvador (BA)' },
      { value: 'São Paulo (SP)', label: 'São Paulo (SP)' },
    ]);
  });

  it('always offers the chosen value, even before the values arrive or once gone from the index', () => {
    expect(filterOptions(['Campinas (SP)'], 'Santos (SP)')).toEqual([
      { value: 'Campinas (SP)', label: 'Campinas (SP)' },
      { value: 'Santos (SP)', label: 'Santos (SP)' },
    ]);
    expect(filterOptions(undefined, 'Clima')).toEqual([{ value: 'Clima', label: 'Clima' }]);
  });
});
