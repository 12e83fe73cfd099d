// How Meus dados and the masters' list word a data request, its file, a deletion's progress and a
// consent record (pure: tests/unit/privacy-requests.test.ts).
import {
  CONSENT_LABELS,
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  type ConsentSource,
  type DataRequest,
  type DataRequestStatus,
  type DataRequestStep,
} from '../../../../../shared/privacy';
import { formatNumber } from '../../../lib/format';

/** How often the reader's requests are asked about while an export is being prepared. */
export const EXPORT_POLL_MS = 3000;

export const REQUEST_STATUS_COLORS: Record<DataRequestStatus, string> = {
  pending: 'yellow',
  erasing: 'orange',
  ready: 'teal',
  completed: 'green',
  failed: 'red',
  expired: 'gray',
};

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  banner: 'Aviso de privacidade',
  settings: 'Configurações',
};

/** The contexts that take part in a deletion, as a master reads them. */
const CONTEXT_LABELS: Record<string, string> = {
  payments: 'Pagamentos',
  users: 'Conta e perfil',
  articles: 'Artigos e leituras',
  editorial: 'Redação',
  newsletter: 'Newsletter',
  applications: 'Candidaturas',
  notifications: 'Notificações',
  quality: 'Qualidade',
  analytics: 'Audiência',
  events: 'Eventos',
  privacy: 'Privacidade',
};

/** The kinds of items the contexts report removing or anonymising (others are shown by their key). */
const ITEM_LABELS: Record<string, string> = {
  cognito_user: 'login',
  profile: 'perfil',
  roles: 'papéis',
  subscriptions_cancelled: 'assinaturas canceladas',
  payment_records_unlinked: 'registros de pagamento desvinculados',
  renewal_notices: 'avisos de renovação',
  customers: 'cadastros no provedor',
  articles_anonymised: 'artigos anonimizados',
  readings: 'leituras',
  comments_anonymised: 'comentários anonimizados',
  reviews_anonymised: 'revisões anonimizadas',
  subscribers: 'inscrições na newsletter',
  claims: 'vínculos',
  confirmation_markers: 'confirmações pendentes',
  applications: 'candidaturas',
  links: 'vínculos',
  notifications: 'notificações',
  quality_items: 'registros de qualidade',
  author_counters: 'contadores do autor',
  article_counters_anonymised: 'contadores de artigos anonimizados',
  events_anonymised: 'eventos anonimizados',
  consents: 'consentimentos',
  exports: 'cópias de dados',
};

export const requestKindLabel = (request: Pick<DataRequest, 'kind'>) => DATA_REQUEST_KIND_LABELS[request.kind];

/** The status's pt-BR label ('Em andamento', 'Pronto'…). */
export const requestStatusLabel = (request: Pick<DataRequest, 'status'>): string => DATA_REQUEST_STATUS_LABELS[request.status] ?? request.status;

/** True while an export is being prepared: the list is then asked about again every few seconds. */
export const hasPendingExport = (requests: readonly Pick<DataRequest, 'kind' | 'status'>[] | undefined): boolean =>
  Boolean(requests?.some((request) => request.kind === 'export' && request.status === 'pending'));

/** The newest export whose file can still be downloaded, if any (the list is newest first). */
export function downloadableExport<T extends Pick<DataRequest, 'kind' | 'status' | 'download_until'>>(
  requests: readonly T[] | undefined,
  now: number = Date.now(),
): T | undefined {
  return requests?.find(
    (request) =>
      request.kind === 'export' &&
      request.status === 'ready' &&
      (!request.download_until || new Date(request.download_until).getTime() > now),
  );
}

/** The newest export, whatever its state: the one the section speaks of. */
export const latestExport = <T extends Pick<DataRequest, 'kind'>>(requests: readonly T[] | undefined): T | undefined =>
  requests?.find((request) => request.kind === 'export');

/** '830 bytes', '12,5 KB', '1,2 MB' (1 KB = 1024 bytes); '' when unknown. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${formatNumber(Math.round(bytes))} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(Math.round(value * 10) / 10)} ${units[unit]}`;
}

/** A deletion's progress, '4/11'; '—' for an export. */
export function progressText(request: Pick<DataRequest, 'kind' | 'steps' | 'steps_total'>): string {
  if (request.kind !== 'deletion') return '—';
  return `${request.steps.length}/${request.steps_total}`;
}

export const contextLabel = (context: string) => CONTEXT_LABELS[context] ?? context;

const itemLabel = (key: string) => ITEM_LABELS[key] ?? key.replace(/_/g, ' ');

/** What one step removed: '1 login, 1 perfil, 2 papéis'; 'nada a remover' when every count is zero. */
export function removedSummary(removed: Record<string, number>): string {
  const parts = Object.entries(removed)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => `${formatNumber(count)} ${itemLabel(key)}`);
  return parts.length ? parts.join(', ') : 'nada a remover';
}

/** A step as one line: 'Conta e perfil: 1 login, 1 perfil, 2 papéis'. */
export const stepSummary = (step: Pick<DataRequestStep, 'context' | 'removed'>) => `${contextLabel(step.context)}: ${removedSummary(step.removed)}`;

/** What a consent choice accepted, in words. */
export function consentSummary(choice: { ads: boolean; personalization: boolean }): string {
  if (!choice.ads) return 'Nenhum consentimento (anúncios do Google recusados)';
  if (choice.personalization) return `${CONSENT_LABELS.ads.title} e ${CONSENT_LABELS.personalization.title.toLowerCase()}`;
  return `${CONSENT_LABELS.ads.title}, sem personalização`;
}

/** True when something was accepted: there is a consent to withdraw. */
export const hasConsent = (choice: { ads: boolean; personalization: boolean } | null | undefined) => Boolean(choice && (choice.ads || choice.personalization));
