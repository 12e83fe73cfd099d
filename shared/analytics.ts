// First-party analytics: the zod schemas of the beacon public pages send (per page view, page exit
// and ad slot event), of analytics-data's and ad-revenue-data's ranges and of the Google settings, which
// the API enforces. Everything without zod is in shared/analytics-rules.ts, re-exported here.
import { z } from 'zod';
import { AD_SLOTS, ANALYTICS_LIMITS, ANALYTICS_MESSAGES, BEACON_KINDS } from './analytics-rules';

export * from './analytics-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const error = { error: ANALYTICS_MESSAGES.invalidBeacon };

/** What the page's script sends with navigator.sendBeacon (text/plain JSON). */
export const beaconSchema = z.object({
  kind: z.enum(BEACON_KINDS, error),
  /** The slot, for the ad kinds (required for them, absent otherwise). */
  slot: z.enum(AD_SLOTS, error).optional(),
  /** Made by the page for this view (crypto.randomUUID): joins its exit to it, and makes redeliveries count once. */
  page_view_id: z.string(error).regex(UUID, error),
  path: z.string(error).max(500, error).startsWith('/', error),
  article_id: z.string(error).regex(UUID, error).optional(),
  /** The referrer's host only (never its path or query). */
  referrer_host: z.string(error).max(253, error).regex(/^[a-z0-9.-]*$/i, error).optional(),
  seconds_on_page: z.number(error).int(error).min(0, error).max(ANALYTICS_LIMITS.maxSecondsOnPage, error).default(0),
  scroll_depth: z.number(error).int(error).min(0, error).max(100, error).default(0),
}).refine((beacon) => beacon.kind.startsWith('ad_') === (beacon.slot !== undefined), error);
export type Beacon = z.output<typeof beaconSchema>;
export type BeaconInput = z.input<typeof beaconSchema>;

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

export const adRevenueQuerySchema = analyticsQuerySchema;

/**
 * Saving and testing: the key as pasted (JSON text). Left empty when a key is already stored, the
 * stored one is kept (or tested): a browser never needs to hold it again.
 */
export const analyticsSettingsSchema = z.object({
  serviceKey: z.string().max(20_000).trim().default(''),
  propertyId: z.string().max(64).trim().default(''),
  networkCode: z.string().max(64).trim().default(''),
});
export type AnalyticsSettingsInput = z.output<typeof analyticsSettingsSchema>;
/** The same fields for saving with PUT, whose schemas carry no defaults: a field left out is empty. */
export const analyticsSettingsUpdateSchema = z.object({
  serviceKey: z.string().max(20_000).trim().optional(),
  propertyId: z.string().max(64).trim().optional(),
  networkCode: z.string().max(64).trim().optional(),
});
