// First-party analytics: the beacon public pages send per page view and per page exit, and the
// summary analytics-data answers (spec: totalUsers, totalSessions, totalPageViews, average session
// duration, bounce rate), with its per-day series and top articles for the charts.
import { z } from 'zod';

export const ANALYTICS_LIMITS = {
  /** A session ends after this long without a view (the usual 30 minutes). */
  sessionGapSeconds: 30 * 60,
  /** The longest range analytics-data answers, in days. */
  maxRangeDays: 93,
  /** Time on a page past this is a tab left open, not reading. */
  maxSecondsOnPage: 4 * 60 * 60,
  topArticles: 10,
} as const;

export const ANALYTICS_MESSAGES = {
  invalidBeacon: 'Evento de audiência inválido.',
  invalidDate: 'Informe datas no formato AAAA-MM-DD.',
  invalidRange: 'A data final deve ser igual ou posterior à inicial, num intervalo de até 93 dias.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const error = { error: ANALYTICS_MESSAGES.invalidBeacon };

/** What the page's script sends with navigator.sendBeacon (text/plain JSON). */
export const beaconSchema = z.object({
  kind: z.enum(['view', 'exit'], error),
  /** Made by the page for this view (crypto.randomUUID): joins its exit to it, and makes redeliveries count once. */
  page_view_id: z.string(error).regex(UUID, error),
  path: z.string(error).max(500, error).startsWith('/', error),
  article_id: z.string(error).regex(UUID, error).optional(),
  /** The referrer's host only (never its path or query). */
  referrer_host: z.string(error).max(253, error).regex(/^[a-z0-9.-]*$/i, error).optional(),
  seconds_on_page: z.number(error).int(error).min(0, error).max(ANALYTICS_LIMITS.maxSecondsOnPage, error).default(0),
  scroll_depth: z.number(error).int(error).min(0, error).max(100, error).default(0),
});
export type Beacon = z.output<typeof beaconSchema>;

const day = z.string({ error: ANALYTICS_MESSAGES.invalidDate }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: ANALYTICS_MESSAGES.invalidDate });

export const analyticsQuerySchema = z
  .object({ startDate: day, endDate: day, userId: z.string().max(64).optional() })
  .refine(
    ({ startDate, endDate }) => {
      const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000;
      return Number.isFinite(days) && days >= 0 && days < ANALYTICS_LIMITS.maxRangeDays;
    },
    { error: ANALYTICS_MESSAGES.invalidRange, path: ['endDate'] },
  );

export interface AnalyticsFigures {
  totalUsers: number;
  totalSessions: number;
  totalPageViews: number;
  /** Seconds of engaged time per session. */
  avgSessionDuration: number;
  /** Sessions of one page view, in percent (0–100). */
  bounceRate: number;
}

export interface AnalyticsData extends AnalyticsFigures {
  /** Whose figures: the site's, or one author's articles. */
  scope: { kind: 'site' } | { kind: 'author'; userId: string };
  daily: (AnalyticsFigures & { date: string })[];
  topArticles: { articleId: string; pageViews: number; users: number }[];
}
