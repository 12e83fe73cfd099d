// Readers' rights under the LGPD without zod, so the public pages (the consent banner, /privacidade)
// stay light: the consent text's version and purposes, retention terms, limits, labels, messages and
// the shapes the API answers. shared/privacy.ts adds the zod schemas and re-exports it all.

// The consent's own rules: a module of their own, so the consent island of the public pages loads them
// without the rest.
export * from './consent-rules';
import type { ConsentSource } from './consent-rules';

/** One consent record (newest first in Meus dados). */
export interface ConsentRecord {
  ads: boolean;
  personalization: boolean;
  version: string;
  source: ConsentSource;
  at: string;
}

export const DATA_REQUEST_KINDS = ['export', 'deletion'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = { export: 'Cópia dos dados', deletion: 'Exclusão da conta' };

/**
 * export: pending → ready (the file is written) | failed; expired once its file is gone.
 * deletion: pending (subscriptions being cancelled at the provider) → erasing (every context) → completed.
 */
export const DATA_REQUEST_STATUSES = ['pending', 'erasing', 'ready', 'completed', 'failed', 'expired'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  pending: 'Em andamento',
  erasing: 'Excluindo',
  ready: 'Pronto',
  completed: 'Concluído',
  failed: 'Falhou',
  expired: 'Expirado',
};

/** What one context removed or anonymised for a deletion: counts by kind of item, never the data. */
export type ErasureSummary = Record<string, number>;

export interface DataRequestStep {
  context: string;
  at: string;
  removed: ErasureSummary;
}

export interface DataRequest {
  id: string;
  kind: DataRequestKind;
  status: DataRequestStatus;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** An export's file: until when its link can be asked for. */
  download_until: string | null;
  file_bytes: number | null;
  /** A deletion's progress: the contexts done, of steps_total. */
  steps: DataRequestStep[];
  steps_total: number;
  error: string | null;
}

/** A master's row: who asked, while the account exists (a completed deletion keeps no link to it). */
export interface AdminDataRequest extends DataRequest {
  user_id: string | null;
  email: string | null;
}

export interface AdminDataRequestPage {
  items: AdminDataRequest[];
  cursor: string | null;
}

export interface ExportDownload {
  url: string;
  /** The link's own expiry: minutes, not the file's. */
  expires_at: string;
}

/** The confirmation a reader types before their account is deleted. */
export const DELETION_CONFIRMATION = 'EXCLUIR';

export const PRIVACY_LIMITS = {
  /** How long an export's file can be downloaded (the bucket keeps it no longer: a lifecycle rule). */
  exportDays: 7,
  /** A download link's own life. */
  linkSeconds: 300,
  /** Exports a reader may ask for in a day. */
  exportsPerDay: 3,
} as const;

/** How long each kind of data is kept, and why (art. 15–16). Shown on /privacidade; the TTLs use it. */
export const RETENTION = {
  /** Reading history feeds "readers who also read" and the reader's own history: a year is enough. */
  readingDays: 365,
  /** The analytics visitor-day items (the raw, hashed visit) are folded into daily counters. */
  analyticsVisitorDays: 3,
  /** A rejected application may be contested or asked about for six months; then its CPF, address and phone go. */
  rejectedApplicationDays: 180,
  /** An anonymous reader's consent record: proof of what was agreed, kept for two years. */
  visitorConsentDays: 730,
  /** Payment records of a deleted account: five years, the tax law's term (CTN art. 173–174). */
  paymentRecordYears: 5,
  /** A data request's record (an export's; a deletion's log is kept, without the link to the person). */
  exportRequestDays: 30,
} as const;

/** The id the articles of a deleted account are reassigned to: no profile, so 'Autor Anônimo'. */
export const ANONYMOUS_AUTHOR_ID = 'autor-anonimo';

export const PRIVACY_MESSAGES = {
  consentSaved: 'Suas preferências de privacidade foram salvas.',
  consentError: 'Não foi possível salvar suas preferências. Tente novamente.',
  exportRequested: 'Estamos preparando seus dados. O link aparece aqui em alguns minutos.',
  exportPending: 'Já existe uma cópia dos seus dados em preparação.',
  exportLimit: 'Você já pediu 3 cópias dos seus dados hoje. Tente novamente amanhã.',
  exportNotFound: 'Solicitação não encontrada.',
  exportExpired: 'Este link expirou. Peça uma nova cópia dos seus dados.',
  exportNotReady: 'Sua cópia ainda está sendo preparada.',
  wrongPassword: 'Senha incorreta.',
  deletionPending: 'A exclusão da sua conta já está em andamento.',
  masterCannotDelete: 'Um administrador master não pode excluir a própria conta. Peça a outro master que remova seu papel antes.',
  deletionRequested: 'Sua conta está sendo excluída. Você foi desconectado.',
  deletionNoticeTitle: 'Conta excluída',
  deletionNoticeText: 'Em alguns minutos seus dados pessoais terão sido apagados. Obrigado por ter lido o Portal Plural.',
  accessDenied: 'Acesso restrito a Masters',
} as const;
