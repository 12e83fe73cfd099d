import { describe, expect, it } from 'vitest';
import type { SeoValidation } from '../../shared/api-types';
import { seoBadgeKind, seoBadgeLabel, seoMoreLine, seoTooltipContent, SEO_NOTES } from '../../web/src/features/articles/lib/seo';

const validation = (overrides: Partial<SeoValidation> = {}): SeoValidation => ({
  validation_status: 'valid',
  errors: [],
  warnings: [],
  validated_at: '2026-03-05T12:00:00.000Z',
  version: 3,
  ...overrides,
});

describe('the SEO badge text', () => {
  it('reads "Não validado" for an article never validated that is not published', () => {
    expect(seoBadgeLabel(seoBadgeKind({ seo: null, status: 'draft' }))).toBe('Não validado');
    expect(seoBadgeLabel(seoBadgeKind({ seo: undefined, status: 'review', version: 2 }))).toBe('Não validado');
  });

  it('reads "Pendente" for a published article without a validation', () => {
    expect(seoBadgeLabel(seoBadgeKind({ seo: null, status: 'published' }))).toBe('Pendente');
  });

  it('shows the stored status of a current validation', () => {
    expect(seoBadgeLabel(seoBadgeKind({ seo: validation(), status: 'published', version: 3 }))).toBe('SEO Válido');
    expect(seoBadgeLabel(seoBadgeKind({ seo: validation({ validation_status: 'warning' }), status: 'published' }))).toBe(
      'Com Avisos',
    );
    expect(seoBadgeLabel(seoBadgeKind({ seo: validation({ validation_status: 'error' }), status: 'draft', version: 3 }))).toBe(
      'Com Erros',
    );
  });

  it('reads "Pendente" for a status it does not know', () => {
    const odd = validation({ validation_status: 'queued' as SeoValidation['validation_status'] });
    expect(seoBadgeLabel(seoBadgeKind({ seo: odd, status: 'published' }))).toBe('Pendente');
  });

  it('treats a validation of an older version as pending only when published', () => {
    const old = validation({ version: 2 });
    expect(seoBadgeLabel(seoBadgeKind({ seo: old, status: 'published', version: 3 }))).toBe('Pendente');
    expect(seoBadgeLabel(seoBadgeKind({ seo: old, status: 'draft', version: 3 }))).toBe('Não validado');
    // Without the article's version (the list screen) the stored status stands.
    expect(seoBadgeLabel(seoBadgeKind({ seo: old, status: 'published' }))).toBe('SEO Válido');
  });
});

describe('the SEO tooltip', () => {
  it('lists the first three errors and warnings and counts the rest', () => {
    const seo = validation({
      validation_status: 'error',
      errors: ['e1', 'e2', 'e3', 'e4', 'e5'],
      warnings: ['w1', 'w2', 'w3', 'w4'],
    });
    const content = seoTooltipContent(seo, 'error');
    expect(content.errors).toEqual(['e1', 'e2', 'e3']);
    expect(content.warnings).toEqual(['w1', 'w2', 'w3']);
    expect(content.more).toBe(3);
    expect(seoMoreLine(content.more)).toBe('+ 3 mais');
    expect(content.note).toBeNull();
  });

  it('has no "mais" line when everything fits', () => {
    const content = seoTooltipContent(validation({ validation_status: 'warning', warnings: ['w1', 'w2'] }), 'warning');
    expect(content.warnings).toEqual(['w1', 'w2']);
    expect(seoMoreLine(content.more)).toBeNull();
  });

  it('explains the states without a list', () => {
    expect(seoTooltipContent(null, 'none').note).toBe(SEO_NOTES.none);
    expect(seoTooltipContent(validation({ version: 1 }), 'pending').note).toBe(SEO_NOTES.pending);
    expect(seoTooltipContent(validation(), 'valid').note).toBe(SEO_NOTES.clean);
  });
});
