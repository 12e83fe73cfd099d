// How Meus dados and the masters' list word data requests: sizes, statuses, a deletion's progress and
// steps, the export to offer and consent choices.
import { describe, expect, it } from 'vitest';
import type { DataRequest } from '../../shared/privacy';
import {
  consentSummary,
  downloadableExport,
  formatBytes,
  hasConsent,
  hasPendingExport,
  latestExport,
  progressText,
  removedSummary,
  requestStatusLabel,
  stepSummary,
} from '../../web/src/features/privacy/lib/data-requests';

const request = (overrides: Partial<DataRequest>): DataRequest => ({
  id: 'r1',
  kind: 'export',
  status: 'pending',
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  completed_at: null,
  download_until: null,
  file_bytes: null,
  steps: [],
  steps_total: 0,
  error: null,
  ...overrides,
});

describe('formatBytes', () => {
  it('writes bytes, KB and MB in pt-BR', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(830)).toBe('830 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(12_800)).toBe('12,5 KB');
    expect(formatBytes(1_258_291)).toBe('1,2 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('gives nothing for an unknown size', () => {
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });
});

describe('request states', () => {
  it('labels statuses in pt-BR', () => {
    expect(requestStatusLabel({ status: 'pending' })).toBe('Em andamento');
    expect(requestStatusLabel({ status: 'ready' })).toBe('Pronto');
    expect(requestStatusLabel({ status: 'expired' })).toBe('Expirado');
  });

  it('polls only while an export is being prepared', () => {
    expect(hasPendingExport(undefined)).toBe(false);
    expect(hasPendingExport([request({ status: 'ready' })])).toBe(false);
    expect(hasPendingExport([request({ kind: 'deletion', status: 'pending' })])).toBe(false);
    expect(hasPendingExport([request({ status: 'ready' }), request({ status: 'pending' })])).toBe(true);
  });

  it('offers the newest export whose file is still there', () => {
    const now = Date.parse('2026-11-21T00:00:00.000Z');
    const gone = request({ id: 'old', status: 'ready', download_until: '2026-11-20T00:00:00.000Z' });
    const ready = request({ id: 'ok', status: 'ready', download_until: '2026-11-27T00:00:00.000Z' });
    const pending = request({ id: 'new' });
    expect(downloadableExport([pending, ready, gone], now)?.id).toBe('ok');
    expect(downloadableExport([gone], now)).toBeUndefined();
    expect(downloadableExport([request({ kind: 'deletion', status: 'ready' })], now)).toBeUndefined();
    expect(latestExport([request({ id: 'd', kind: 'deletion' }), pending, ready])?.id).toBe('new');
  });
});

describe('a deletion’s progress', () => {
  it('counts the contexts done of the total', () => {
    const deletion = request({
      kind: 'deletion',
      status: 'erasing',
      steps: [
        { context: 'payments', at: '2026-11-20T12:00:01.000Z', removed: { subscriptions_cancelled: 1 } },
        { context: 'users', at: '2026-11-20T12:00:02.000Z', removed: { cognito_user: 1, profile: 1, roles: 2 } },
      ],
      steps_total: 11,
    });
    expect(progressText(deletion)).toBe('2/11');
    expect(progressText(request({}))).toBe('—');
  });

  it('summarises what each step removed, counts only', () => {
    expect(stepSummary({ context: 'users', removed: { cognito_user: 1, profile: 1, roles: 2 } })).toBe('Conta e perfil: 1 login, 1 perfil, 2 papéis');
    expect(stepSummary({ context: 'quality', removed: { quality_items: 0 } })).toBe('Qualidade: nada a remover');
    expect(stepSummary({ context: 'articles', removed: { articles_anonymised: 3, readings: 1200 } })).toBe(
      'Artigos e leituras: 3 artigos anonimizados, 1.200 leituras',
    );
    expect(removedSummary({ new_kind: 2 })).toBe('2 new kind');
    expect(stepSummary({ context: 'other', removed: {} })).toBe('other: nada a remover');
  });
});

describe('consents', () => {
  it('words what was accepted', () => {
    expect(consentSummary({ ads: true, personalization: true })).toBe('Anúncios do Google e publicidade personalizada');
    expect(consentSummary({ ads: true, personalization: false })).toBe('Anúncios do Google, sem personalização');
    expect(consentSummary({ ads: false, personalization: false })).toMatch(/^Nenhum consentimento/);
  });

  it('has something to withdraw only when something was accepted', () => {
    expect(hasConsent(null)).toBe(false);
    expect(hasConsent({ ads: false, personalization: false })).toBe(false);
    expect(hasConsent({ ads: true, personalization: false })).toBe(true);
  });
});
