// First-party analytics and ads without zod, so the public pages' beacon and ad tag stay light: the
// limits, ad slots and their size mapping, beacon kinds, the pt-BR messages and notes, and the shapes
// analytics-data, ad-revenue-data and the settings answer. shared/analytics.ts adds the zod schemas
// and re-exports it all.
export const ANALYTICS_LIMITS = {
  /** A session ends after this long without a view (the usual 30 minutes). */
  sessionGapSeconds: 30 * 60,
  /** The longest range analytics-data answers, in days. */
  maxRangeDays: 93,
  /** Time on a page past this is a tab left open, not reading. */
  maxSecondsOnPage: 4 * 60 * 60,
  topArticles: 10,
  topAuthors: 10,
} as const;

export const ANALYTICS_MESSAGES = {
  invalidBeacon: 'Evento de audiência inválido.',
  invalidDate: 'Informe datas no formato AAAA-MM-DD.',
  invalidRange: 'A data final deve ser igual ou posterior à inicial, num intervalo de até 93 dias.',
} as const;

/**
 * The ad slots (spec 9) and their sizes: the given sizes on a viewport of at least 1024×768, 728×90
 * from 768 px wide, 320×50 below. Only home_top has sizes of its own; the others are leaderboards.
 */
export const AD_SLOTS = [
  'home_top',
  'home_feed_1',
  'home_feed_2',
  'home_feed_3',
  'home_bottom',
  'article_top',
  'article_bottom',
  'article_related',
  'events_top',
  'events_bottom',
  'event_top',
  'event_bottom',
] as const;
export type AdSlotName = (typeof AD_SLOTS)[number];
export type AdSize = readonly [width: number, height: number];
const LEADERBOARD: AdSize = [728, 90];
/** A slot's sizes per viewport (the size mapping pages and GPT follow). */
export function adSizes(slot: AdSlotName): { desktop: readonly AdSize[]; tablet: AdSize; phone: AdSize } {
  return { desktop: slot === 'home_top' ? [[970, 250], LEADERBOARD] : [LEADERBOARD], tablet: LEADERBOARD, phone: [320, 50] };
}
/** The viewports of the size mapping (GPT's [width, height] minimums). */
export const AD_VIEWPORTS = { desktop: [1024, 768], tablet: [768, 0], phone: [0, 0] } as const;

/**
 * What a page's script sends (navigator.sendBeacon, text/plain JSON): a page view, its exit, and
 * each ad slot's request (the slot was rendered and asked for an ad), impression (half of it was in
 * view for a second) and click.
 */
export const BEACON_KINDS = ['view', 'exit', 'ad_request', 'ad_impression', 'ad_click'] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

export interface AnalyticsFigures {
  totalUsers: number;
  totalSessions: number;
  totalPageViews: number;
  /** Seconds of engaged time per session. */
  avgSessionDuration: number;
  /** Sessions of one page view, in percent (0–100). */
  bounceRate: number;
}

/** Where figures come from: our own beacons, or the Google service a master connected. */
export type AnalyticsSource = 'first-party' | 'ga4';
export type AdSource = 'first-party' | 'ad-manager';

export interface AnalyticsData extends AnalyticsFigures {
  /** Whose figures: the site's, or one author's articles. */
  scope: { kind: 'site' } | { kind: 'author'; userId: string };
  /** GA4 answers for the site when connected; an author's figures are always first-party. */
  source: AnalyticsSource;
  /** Why a connected source was not used (it failed): the figures are first-party then. */
  error?: string;
  daily: (AnalyticsFigures & { date: string })[];
  /** The most viewed articles in the range (first-party), with what a list needs to link them. */
  topArticles: { articleId: string; title: string; slug: string; pageViews: number; users: number }[];
  /** The site's scope only: the authors whose articles were most viewed. */
  topAuthors: { userId: string; name: string; pageViews: number; users: number }[];
  /** The site's first-party figures only: the beacons of the range left out of them, and why. */
  discarded?: DiscardedBeacons;
}

/** Beacons the audience filter discarded: crawlers and scripts, staff, past a page's or an address's daily cap. */
export interface DiscardedBeacons {
  total: number;
  bots: number;
  staff: number;
  /** Past the cap of one page's beacons from one address in a day. */
  pageLimit: number;
  /** Past the cap of one address's beacons (or browsers) in a day. */
  addressLimit: number;
}

export interface AdFigures {
  /** BRL (Ad Manager's micros / 1,000,000); null when no Ad Manager is connected: unknown, not zero. */
  revenue: number | null;
  impressions: number;
  clicks: number;
  /** clicks / impressions, percent (0–100). */
  ctr: number;
  /** Filled ad requests / ad requests, percent; null when unknown. */
  fillRate: number | null;
  adRequests: number;
}

/** ad-revenue-data: the summary of a range, per day for the chart. */
export interface AdRevenueData extends AdFigures {
  scope: AnalyticsData['scope'];
  source: AdSource;
  /** Why revenue (or a connected source) is unavailable, in pt-BR, for the screen to say. */
  note?: string;
  daily: (AdFigures & { date: string })[];
}

/** The Google connection a master saves (spec "Analytics settings"). The key itself never comes back. */
export const ANALYTICS_SETTINGS_MESSAGES = {
  invalidJson: 'JSON inválido na chave de serviço',
  invalidKey: 'Chave de serviço inválida. Certifique-se de que contém client_email e private_key.',
  required: 'Preencha todos os campos obrigatórios',
  tested: 'Conexão testada com sucesso!',
  testFailed: 'Erro ao testar conexão',
  saved: 'Configurações salvas com sucesso!',
  denied: 'Acesso negado',
  invalidNetworkCode: 'Código de rede inválido: use apenas os números do código de rede do Ad Manager.',
} as const;

/**
 * Why a connected Google service was not used (AnalyticsData.error, AdRevenueData.note, followed by
 * Google's reason), and why revenue is unknown.
 */
export const ANALYTICS_NOTES = {
  ga4Failed: 'Não foi possível consultar o Google Analytics; exibindo os dados do próprio portal',
  adManagerFailed: 'Não foi possível consultar o Google Ad Manager; exibindo os anúncios contados pelo portal, sem receita',
  revenueUnavailable: 'Receita indisponível: conecte o Google Ad Manager em Configurações de Analytics.',
  authorRevenue: 'Receita indisponível por autor: o Google Ad Manager informa a receita do site inteiro.',
} as const;

/** The fixed range 'Testar Conexão' asks each service for (spec constants). */
export const TEST_CONNECTION_RANGE = { startDate: '2025-10-01', endDate: '2025-10-25' } as const;

/** What GET /api/analytics-settings answers: never the key, only whose it is. */
export interface AnalyticsSettingsView {
  connected: boolean;
  clientEmail: string | null;
  propertyId: string | null;
  networkCode: string | null;
  updatedAt: string | null;
}

/** POST /api/analytics-settings/test: what each service answered for the fixed range. */
export interface ConnectionTestResult {
  message: string;
  analytics: AnalyticsFigures;
  /** Only when a network code was given. */
  adRevenue: AdFigures | null;
}

/** GET /api/analytics/ad-config (public): what the pages' ad tag needs. */
export interface AdConfig {
  /** Ad Manager's network code; null when none is set (pages show house placeholders). */
  networkCode: string | null;
}
