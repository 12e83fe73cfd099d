import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  articleCreateSchema,
  articleUpdateSchema,
  canTransition,
  firstArticleIssue,
  isCoverUrl,
  normalizeTags,
  slugify,
  type ArticleCreateInput,
} from '../../shared/articles';
import { cityByCode } from '../../shared/cities';

const valid: ArticleCreateInput = {
  title: 'Um título válido',
  slug: 'um-titulo-valido',
  summary: 'Um resumo com mais de dez caracteres.',
  content: '<p>Um conteúdo com bem mais de cinquenta caracteres para passar na regra.</p>',
  cover_image: '',
  visibility: 'public',
  tags: [],
  city_code: null,
};

function messageOf(input: Partial<ArticleCreateInput>): string | undefined {
  const result = articleCreateSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : firstArticleIssue(result.error).message;
}

describe('slug generation', () => {
  it('lower-cases and strips accents', () => {
    expect(slugify('Ação Cultural em São Paulo')).toBe('acao-cultural-em-sao-paulo');
  });
  it('turns runs of non-alphanumerics into one hyphen and trims the edges', () => {
    expect(slugify('  --Olá!!   Mundo?? 2026 -- ')).toBe('ola-mundo-2026');
  });
  it('keeps within 200 characters without a trailing hyphen', () => {
    const slug = slugify(`${'palavra '.repeat(40)}`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('article validation', () => {
  it('accepts a valid article and defaults visibility to public', () => {
    expect(messageOf({})).toBeUndefined();
    expect(articleCreateSchema.parse({ ...valid, visibility: undefined }).visibility).toBe('public');
  });
  it('gives the spec messages for the title', () => {
    expect(messageOf({ title: '  ab ' })).toBe('Título deve ter pelo menos 3 caracteres');
    expect(messageOf({ title: 'x'.repeat(201) })).toBe('Título muito longo');
  });
  it('gives the spec messages for the slug', () => {
    expect(messageOf({ slug: 'ab' })).toBe('Slug deve ter pelo menos 3 caracteres');
    expect(messageOf({ slug: 'a'.repeat(201) })).toBe('Slug muito longo');
    expect(messageOf({ slug: 'Com-Maiusculas' })).toBe('Slug deve conter apenas letras minúsculas, números e hífens');
    expect(messageOf({ slug: 'com espaço' })).toBe('Slug deve conter apenas letras minúsculas, números e hífens');
  });
  it('gives the spec messages for the summary and the content', () => {
    expect(messageOf({ summary: 'curto' })).toBe('Resumo deve ter pelo menos 10 caracteres');
    expect(messageOf({ summary: 'x'.repeat(501) })).toBe('Resumo muito longo');
    expect(messageOf({ content: '<p>curto</p>' })).toBe('Conteúdo deve ter pelo menos 50 caracteres');
    expect(messageOf({ content: 'x'.repeat(50_001) })).toBe('Conteúdo muito longo');
  });
  it('accepts an empty cover, an http(s) URL or our own media path, and refuses the rest', () => {
    expect(messageOf({ cover_image: 'https://exemplo.com.br/capa.jpg' })).toBeUndefined();
    expect(messageOf({ cover_image: '/media/user-1/1700000000000.png' })).toBeUndefined();
    expect(messageOf({ cover_image: 'javascript:alert(1)' })).toBe('URL inválida');
    expect(messageOf({ cover_image: 'não é url' })).toBe('URL inválida');
    expect(isCoverUrl('/media/../segredo')).toBe(false);
  });
  it('refuses an unknown visibility and, on edit, an unknown status', () => {
    expect(messageOf({ visibility: 'secret' as never })).toBe('Visibilidade inválida');
    const update = articleUpdateSchema.safeParse({ ...valid, status: 'in_review', base_version: 1 });
    expect(update.success).toBe(false);
  });
  it('does not accept a status on create: creation always yields a draft', () => {
    const parsed = articleCreateSchema.parse({ ...valid, status: 'published' });
    expect('status' in parsed).toBe(false);
  });
  it('normalizes tags: trimmed, lower-case, without duplicates', () => {
    expect(normalizeTags([' Cultura ', 'cultura', 'MEIO   Ambiente', '', '  '])).toEqual(['cultura', 'meio ambiente']);
    expect(articleCreateSchema.parse({ ...valid, tags: ['A', 'a', 'B'] }).tags).toEqual(['a', 'b']);
  });
  it('refuses a city code that is not seven digits', () => {
    expect(messageOf({ city_code: 'Campinas' })).toBe('Cidade inválida. Escolha uma cidade da lista.');
  });
});

describe('status workflow', () => {
  it('lets an author (not editor) move a draft to review, and nothing else', () => {
    expect(allowedStatuses(['author'], 'draft')).toEqual(['draft', 'review']);
    expect(canTransition(['author'], 'draft', 'review')).toBe(true);
    expect(canTransition(['author'], 'draft', 'published')).toBe(false);
    expect(canTransition(['author'], 'review', 'draft')).toBe(false);
    expect(canTransition(['author'], 'published', 'draft')).toBe(false);
  });
  it('lets a reader without roles keep only the current status', () => {
    expect(allowedStatuses([], 'review')).toEqual(['review']);
  });
  it('lets editors and masters set any status from any state', () => {
    for (const roles of [['editor'], ['master'], ['author', 'editor']] as const) {
      for (const from of ['draft', 'review', 'published'] as const) {
        for (const to of ['draft', 'review', 'published'] as const) expect(canTransition(roles, from, to)).toBe(true);
      }
    }
  });
});

describe('cities', () => {
  it('finds a municipality by IBGE code with a location path that names the state', () => {
    expect(cityByCode('3509502')).toEqual({ code: '3509502', name: 'Campinas', state_code: 'SP', path: 'campinas-sp' });
    expect(cityByCode('3550308')?.path).toBe('sao-paulo-sp');
    expect(cityByCode('0000000')).toBeUndefined();
  });
});
