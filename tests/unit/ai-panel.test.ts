// The editor's AI panel rules (web/src/features/analysis/lib/suggestions.ts): preselection above 0.7,
// approvals flowing into the form (tags, city_code, location_codes), custom tags, one primary city,
// and the feedback a save sends.
import { describe, expect, it } from 'vitest';
import type { AnalysisLocation, AnalysisResult } from '../../shared/api-types';
import { feedbackSchema } from '../../shared/analysis';
import {
  addCustomTag,
  applyAnalysis,
  canAnalyze,
  choosePrimary,
  feedbackOf,
  isPreselected,
  roomForCity,
  toggleLocation,
  toggleTag,
} from '../../web/src/features/analysis/lib/suggestions';

const place = (code: string, name: string, confidence: number, type: 'city' | 'state' = 'city'): AnalysisLocation => ({
  code,
  name,
  state_code: 'SP',
  location_path: name.toLowerCase(),
  type,
  confidence,
});
const campinas = place('3509502', 'Campinas', 0.96);
const valinhos = place('3556206', 'Valinhos', 0.9);
const paulinia = place('3536505', 'Paulínia', 0.5);
const sp = place('35', 'São Paulo', 0.8, 'state');

const result: AnalysisResult = {
  tags: [
    { tag: 'coleta seletiva', relevance: 0.97 },
    { tag: 'reciclagem', relevance: 0.7 },
    { tag: 'bairros', relevance: 0.4 },
  ],
  locations: [campinas, valinhos, sp, paulinia],
  primaryLocation: campinas,
};
const emptyForm = { tags: [] as string[], city_code: null as string | null, location_codes: [] as string[] };

describe('the AI panel', () => {
  it('analyzes only with a title and a body that have text', () => {
    expect(canAnalyze('Título', '<p>Texto</p>')).toBe(true);
    expect(canAnalyze('  ', '<p>Texto</p>')).toBe(false);
    expect(canAnalyze('Título', '<p> &nbsp; </p>')).toBe(false);
    expect(canAnalyze('Título', '')).toBe(false);
  });

  it('preselects above 0.7 only: tags into the form, places approved, the suggested primary city', () => {
    expect(isPreselected(0.71)).toBe(true);
    expect(isPreselected(0.7)).toBe(false);
    const applied = applyAnalysis(result, { ...emptyForm, tags: ['lixo'] });
    expect(applied.tags).toEqual(['lixo', 'coleta seletiva']);
    expect(applied.approved.sort()).toEqual(['3509502', '3556206', '35'].sort());
    expect(applied.city_code).toBe('3509502');
    expect(applied.location_codes).toEqual(['3556206']);
  });

  it('keeps the form’s city when no city is confident enough', () => {
    const weak = { ...result, locations: [paulinia], primaryLocation: paulinia };
    expect(applyAnalysis(weak, { ...emptyForm, city_code: '3550308' })).toMatchObject({ city_code: '3550308', location_codes: [], approved: [] });
  });

  it('approves and rejects suggested tags in the form, at most 10', () => {
    expect(toggleTag(['coleta seletiva'], 'Reciclagem', true)).toEqual(['coleta seletiva', 'reciclagem']);
    expect(toggleTag(['coleta seletiva', 'reciclagem'], 'coleta seletiva', false)).toEqual(['reciclagem']);
    const full = Array.from({ length: 10 }, (_, index) => `t${index}`);
    expect(toggleTag(full, 'mais uma', true)).toEqual(full);
  });

  it('adds custom tags trimmed and lower case, once', () => {
    expect(addCustomTag(['lixo'], '  Coleta   Seletiva ')).toEqual({ tags: ['lixo', 'coleta seletiva'], tag: 'coleta seletiva' });
    expect(addCustomTag(['lixo'], ' LIXO ').problem).toBe('duplicate');
    expect(addCustomTag(['lixo'], '   ').problem).toBe('empty');
    expect(addCustomTag(['lixo'], 'x'.repeat(51)).problem).toBe('tooLong');
    expect(addCustomTag(Array.from({ length: 10 }, (_, index) => `t${index}`), 'nova').problem).toBe('full');
  });

  it('moves the primary city to another approved one when it is rejected, and lets one be chosen', () => {
    const form = { ...emptyForm, city_code: '3509502', location_codes: ['3556206'] };
    const approved = ['3509502', '3556206', '35'];
    const rejected = toggleLocation(result, approved, form, '3509502', false);
    expect(rejected).toMatchObject({ city_code: '3556206', location_codes: [] });
    const added = toggleLocation(result, approved, form, '3536505', true);
    expect(added).toMatchObject({ city_code: '3509502', location_codes: ['3556206', '3536505'] });
    expect(choosePrimary(result, added.approved, form, '3536505')).toEqual({ city_code: '3536505', location_codes: ['3509502', '3556206'] });
    // A state is approved or not for the training, never a city of the article.
    expect(toggleLocation(result, approved, form, '35', false)).toMatchObject({ city_code: '3509502', location_codes: ['3556206'] });
  });

  it('allows the primary city and at most 4 others', () => {
    const many: AnalysisResult = { ...result, locations: Array.from({ length: 6 }, (_, index) => place(`350000${index}`, `C${index}`, 0.9)) };
    const approved = many.locations.slice(0, 5).map((location) => location.code);
    expect(roomForCity(many, approved, many.locations[5]!)).toBe(false);
    expect(roomForCity(many, approved.slice(0, 4), many.locations[5]!)).toBe(true);
    expect(roomForCity(many, approved, sp)).toBe(true);
  });

  it('sends each suggestion as saved, the custom tags kept and the primary city, in the API’s shape', () => {
    const feedback = feedbackOf('0190a000-0000-7000-8000-000000000001', result, { tags: ['coleta seletiva', 'minha tag'], city_code: '3556206' }, ['3509502', '3556206'], ['minha tag', 'removida']);
    expect(feedback.tags).toEqual([
      { tag: 'coleta seletiva', relevance: 0.97, approved: true },
      { tag: 'reciclagem', relevance: 0.7, approved: false },
      { tag: 'bairros', relevance: 0.4, approved: false },
      { tag: 'minha tag', relevance: 1, approved: true, custom: true },
    ]);
    expect(feedback.locations).toEqual([
      { code: '3509502', type: 'city', confidence: 0.96, approved: true, primary: false },
      { code: '3556206', type: 'city', confidence: 0.9, approved: true, primary: true },
      { code: '35', type: 'state', confidence: 0.8, approved: false, primary: false },
      { code: '3536505', type: 'city', confidence: 0.5, approved: false, primary: false },
    ]);
    expect(feedbackSchema.safeParse(feedback).success).toBe(true);
  });
});
