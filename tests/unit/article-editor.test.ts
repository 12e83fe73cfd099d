import { describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { foldSearchText, searchOptions } from '../../web/src/features/articles/lib/city-search';
import {
  cleanTags,
  coverFileProblem,
  EMPTY_FORM,
  parseCreate,
  parseUpdate,
  statusOptions,
} from '../../web/src/features/articles/lib/form-values';
import { publicArticlePath } from '../../web/src/features/articles/lib/paths';

const valid = {
  ...EMPTY_FORM,
  title: 'Chuva forte em Campinas',
  slug: 'chuva-forte-em-campinas',
  summary: 'A cidade teve a maior chuva do ano nesta terça-feira.',
  content: `<p>${'Texto do artigo. '.repeat(5)}</p>`,
};

describe('the public address preview', () => {
  it('puts the primary city first, or /article without one', () => {
    expect(publicArticlePath('campinas-sp', 'meu-artigo')).toBe('/campinas-sp/meu-artigo');
    expect(publicArticlePath(null, 'meu-artigo')).toBe('/article/meu-artigo');
  });
});

describe('the city search', () => {
  const options = [
    { value: '1', label: 'Vargem Grande Paulista (SP)' },
    { value: '2', label: 'São Paulo (SP)' },
    { value: '3', label: 'Campinas (SP)' },
    { value: '4', label: 'Campinas do Piauí (PI)' },
    { value: '5', label: 'Paulistânia (SP)' },
  ];
  const folded = new Map(options.map((option) => [option.value, foldSearchText(option.label)]));

  it('ignores accents and case', () => {
    expect(searchOptions(options, 'sao paulo', 50, folded).map((o) => o.value)).toEqual(['2']);
    expect(searchOptions(options, 'PIAUI', 50, folded).map((o) => o.value)).toEqual(['4']);
  });

  it('ranks labels that start with the search first and honours the limit', () => {
    expect(searchOptions(options, 'paulist', 50, folded).map((o) => o.value)).toEqual(['5', '1']);
    expect(searchOptions(options, 'campinas sp', 50, folded).map((o) => o.value)).toEqual(['3']);
    expect(searchOptions(options, '', 2, folded)).toHaveLength(2);
  });
});

describe('the editor form rules', () => {
  it('lists only the statuses the API allows, keeping the current one', () => {
    expect(statusOptions(['draft', 'review'], 'draft').map((o) => o.label)).toEqual(['Rascunho', 'Em revisão']);
    expect(statusOptions([], 'review').map((o) => o.value)).toEqual(['review']);
  });

  it('normalizes and caps tags', () => {
    expect(cleanTags([' Política ', 'política', 'Economia'])).toEqual(['política', 'economia']);
    expect(cleanTags(['Clima, Chuva ,'])).toEqual(['clima', 'chuva']);
    expect(cleanTags(Array.from({ length: 12 }, (_, i) => `tag${i}`))).toHaveLength(10);
  });

  it('checks cover files before asking for an upload', () => {
    expect(coverFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(coverFileProblem({ type: 'image/gif', size: 1024 })).toBe(ARTICLE_MESSAGES.uploadInvalid);
    expect(coverFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(ARTICLE_MESSAGES.uploadTooLarge);
  });

  it('validates with the shared schemas and reports the first issue', () => {
    const created = parseCreate(valid);
    expect(created.ok).toBe(true);
    if (created.ok) expect(created.data).not.toHaveProperty('status');
    const short = parseCreate({ ...valid, title: 'Oi' });
    expect(short).toEqual({ ok: false, issue: { message: 'Título deve ter pelo menos 3 caracteres', field: 'title' } });
    const updated = parseUpdate({ ...valid, status: 'review' }, 4);
    expect(updated.ok && updated.data.base_version).toBe(4);
  });
});
