import { describe, expect, it } from 'vitest';
import { articleCreateSchema, articleUpdateSchema, firstArticleIssue, restoreSchema, type ArticleCreateInput } from '../../shared/articles';
import { profileSchema, profileUpdateSchema, signUpSchema } from '../../shared/auth';
import { adminArticleQuerySchema } from '../../shared/admin-articles';
import { userListQuerySchema } from '../../shared/admin';
import { applicationListQuerySchema } from '../../shared/applications';
import { eventListQuerySchema } from '../../shared/events';
import { subscriberListQuery } from '../../shared/newsletter';
import { subscriptionListQuerySchema } from '../../shared/payment-requests';
import { adminDataRequestQuerySchema } from '../../shared/privacy';
import { storyListQuerySchema } from '../../shared/storyboard';
import { TEXT_MESSAGES, visibleHtmlLength } from '../../shared/text';
import { imageUrl } from '../../shared/url-rules';

const valid: ArticleCreateInput = {
  title: 'Um título válido',
  slug: 'um-titulo-valido',
  summary: 'Um resumo com mais de dez caracteres.',
  content: '<p>Um conteúdo com bem mais de cinquenta caracteres para passar na regra.</p>',
};

function articleIssue(input: Partial<ArticleCreateInput>): string | undefined {
  const result = articleCreateSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : firstArticleIssue(result.error).message;
}

describe('control characters', () => {
  it('refuses NUL and other control characters in every article text field', () => {
    for (const field of ['title', 'summary', 'content'] as const) {
      expect(articleIssue({ [field]: `${valid[field]}\u0000` }), field).toBe('O texto contém caracteres inválidos');
      expect(articleIssue({ [field]: `${valid[field]}\u001b[31m` }), field).toBe('O texto contém caracteres inválidos');
    }
    expect(articleIssue({ tags: ['cultura\u0007'] })).toBe('O texto contém caracteres inválidos');
  });
  it('refuses the bidi overrides that disguise text', () => {
    expect(articleIssue({ title: 'Título \u202Eosrevni' })).toBe('O texto contém caracteres inválidos');
  });
  it('keeps line breaks and tabs, and emoji sequences joined by zero-width joiners', () => {
    expect(articleIssue({ summary: 'Primeira linha\nsegunda\tlinha' })).toBeUndefined();
    expect(articleIssue({ title: 'Família 👨‍👩‍👧 no parque' })).toBeUndefined();
  });
  it('refuses them in profiles and sign-up names too', () => {
    expect(profileSchema.safeParse({ full_name: 'Ana\u0000' }).success).toBe(false);
    expect(profileSchema.safeParse({ full_name: 'Ana', bio: 'bio\u0000' }).success).toBe(false);
    expect(signUpSchema.safeParse({ email: 'ana@exemplo.com', password: 'Senha123', fullName: 'An\u0000a' }).success).toBe(false);
  });
});

describe('lengths count visible text', () => {
  it('does not let eleven NULs or zero-width spaces pass the 10-character summary minimum', () => {
    expect(articleIssue({ summary: '\u0000'.repeat(11) })).toBeDefined();
    expect(articleIssue({ summary: '\u200B'.repeat(11) })).toBe('Resumo deve ter pelo menos 10 caracteres');
    expect(articleIssue({ title: ' \u200B\u200B\u200B ' })).toBe('Título deve ter pelo menos 3 caracteres');
  });
  it('counts the content rule on text, not on the HTML tags around it', () => {
    const markup = `<p><strong><em>${'curto'}</em></strong></p>`.repeat(5);
    expect(markup.length).toBeGreaterThan(50);
    expect(visibleHtmlLength(markup)).toBeLessThan(50);
    expect(articleIssue({ content: markup })).toBe('Conteúdo deve ter pelo menos 50 caracteres');
  });
});

describe('URL fields', () => {
  it('accepts absolute http(s) URLs and our own media paths, stored normalized', () => {
    expect(imageUrl('https://Exemplo.com.br/capa.jpg')).toBe('https://exemplo.com.br/capa.jpg');
    expect(imageUrl('/media/user-1/1700000000000.png')).toBe('/media/user-1/1700000000000.png');
    expect(articleCreateSchema.parse({ ...valid, cover_image: ' https://exemplo.com.br/capa.jpg ' }).cover_image).toBe('https://exemplo.com.br/capa.jpg');
    expect(articleIssue({ cover_image: 'https://exemplo.com.br/a b.jpg' })).toBe('URL inválida');
  });
  it('stores quotes and markup smuggled into a URL only percent-encoded, and refuses them outside one', () => {
    const stored = articleCreateSchema.parse({ ...valid, cover_image: 'https://exemplo.com.br/"><script>alert(1)</script>' }).cover_image;
    expect(stored).toBe('https://exemplo.com.br/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    const avatar = profileSchema.parse({ full_name: 'Ana', avatar_url: "https://x.com/a?q='\"onerror=alert(1)" }).avatar_url;
    expect(avatar).not.toMatch(/["'<>]/);
    expect(articleIssue({ cover_image: '"><script>alert(1)</script>' })).toBe('URL inválida');
  });
  it('refuses other schemes, credentials, relative paths and traversal', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,oi', 'ftp://exemplo.com/a.png', 'https://user:pw@exemplo.com/a.png', '//exemplo.com/a.png', '/outra/a.png', '/media/../segredo', 'https://exemplo.com/\u0000']) {
      expect(imageUrl(url), url).toBeUndefined();
    }
  });
});

describe('updates change only what they send', () => {
  it('adds no create-time defaults to an article edit', () => {
    expect(articleUpdateSchema.parse({ status: 'review', base_version: 2 })).toEqual({ status: 'review', base_version: 2 });
  });
  it('adds no defaults to a profile update', () => {
    expect(profileUpdateSchema.parse({ full_name: 'Ana' })).toEqual({ full_name: 'Ana' });
  });
  it('refuses a restore whose base version is not a positive integer', () => {
    for (const body of [{ base_version: '2' }, { base_version: 1.5 }, { base_version: 0 }, 'texto', [1]]) {
      expect(restoreSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(restoreSchema.parse({})).toEqual({});
  });
});

describe('page cursors', () => {
  it('refuse one longer than any a list gives, in pt-BR, on every paged list', () => {
    const lists = { adminArticleQuerySchema, userListQuerySchema, applicationListQuerySchema, eventListQuerySchema, subscriberListQuery, subscriptionListQuerySchema, adminDataRequestQuerySchema, storyListQuerySchema };
    for (const [name, schema] of Object.entries(lists)) {
      const result = schema.safeParse({ cursor: 'a'.repeat(5000) });
      expect(result.success, name).toBe(false);
      expect(result.error?.issues[0]?.message, name).toBe(TEXT_MESSAGES.cursor);
    }
  });
});
