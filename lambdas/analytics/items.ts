// The analytics context's items: one counter per (scope, day) and one state per visitor per day.
// Counters are ADDed once per batch, so a spike of page views is a few writes per batch, not one a view.
import type { Key } from '../platform/dynamo';

/** Whose figures a counter holds (an article's key names its author too: its counter is indexed by author). */
export type Scope = { kind: 'site' } | { kind: 'article'; articleId: string; authorId: string } | { kind: 'author'; authorId: string };

export const scopeKey = (scope: Scope): string =>
  scope.kind === 'site' ? 'site' : scope.kind === 'article' ? `article#${scope.articleId}#author#${scope.authorId}` : `author#${scope.authorId}`;

export interface Counts {
  views: number;
  users: number;
  /** Sessions that began (landed) in the scope. */
  sessions: number;
  /** Of those, the sessions of one view. */
  bounces: number;
  /** Seconds on the scope's pages, from exit beacons. */
  seconds: number;
  /** Ad slots of the scope's pages that asked for an ad, showed one in view, and were clicked. */
  ad_requests: number;
  ad_impressions: number;
  ad_clicks: number;
}

export const COUNT_FIELDS = ['views', 'users', 'sessions', 'bounces', 'seconds', 'ad_requests', 'ad_impressions', 'ad_clicks'] as const satisfies readonly (keyof Counts)[];

export const ZERO: Counts = { views: 0, users: 0, sessions: 0, bounces: 0, seconds: 0, ad_requests: 0, ad_impressions: 0, ad_clicks: 0 };

/** A scope's counters, one item a day. */
export const scopePk = (scope: string) => `ANALYTICS#${scope}`;
export const counterKey = (scope: string, day: string): Key => ({ pk: scopePk(scope), sk: day });

/** An author's articles' counters (gsi2). */
export const authorIndexPk = (authorId: string) => `ANALYTICS_BY#${authorId}`;

/**
 * An article's counter is also listed by month (the site's top articles: a 30-day range is one or two
 * Queries) and by author (theirs). Today's writes land on one index key either way.
 */
export const articleIndexKeys = (articleId: string, authorId: string, day: string) => ({
  gsi1pk: `ANALYTICS_ARTICLES#${day.slice(0, 7)}`,
  gsi1sk: `${day}#${articleId}`,
  gsi2pk: authorIndexPk(authorId),
  gsi2sk: `${day}#${articleId}`,
});

/** A visitor's day: what was counted for them, so a redelivered beacon counts once and sessions join up. */
export interface VisitorDay {
  /** Page views counted (their ids), and those whose exit was counted. */
  views: string[];
  exits: string[];
  /** Scopes this visitor was counted as a user of, today. */
  seen: string[];
  /** Ad beacons counted, each a short hash of (page view, slot, kind): a redelivered one counts once. */
  ads: string[];
  /** Beacons discarded (the same short hash): a redelivered one is tallied once. */
  dropped: string[];
  /** The current session: its last view (epoch seconds), its views, and the scopes it landed in. */
  last_at?: number;
  session_views: number;
  landing: string[];
  /** Optimistic lock: each write expects the revision it read. */
  rev: number;
}

export const emptyVisitorDay = (): VisitorDay => ({ views: [], exits: [], seen: [], ads: [], dropped: [], session_views: 0, landing: [], rev: 0 });

export const visitorKey = (day: string, visitor: string): Key => ({ pk: `ANALYTICS_VISITOR#${day}#${visitor}`, sk: 'DAY' });

/** Visitor states outlive their day by two (late exits, redeliveries), then TTL removes them. */
export const visitorExpiry = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86_400;

export function readVisitorDay(item: Record<string, unknown> | undefined): VisitorDay {
  if (!item) return emptyVisitorDay();
  const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
  return {
    views: list(item.views),
    exits: list(item.exits),
    seen: list(item.seen),
    ads: list(item.ads),
    dropped: list(item.dropped),
    last_at: typeof item.last_at === 'number' ? item.last_at : undefined,
    session_views: Number(item.session_views ?? 0),
    landing: list(item.landing),
    rev: Number(item.rev ?? 0),
  };
}

/**
 * A source's day: what the beacons of one address group (sourceHash) were counted for, against the
 * caps of rollup.ts. `counted` is keyed `<kind's letter>#<page>` (rollup's pageOf: a known article,
 * or 'other') and `<kind's letter>#*` for the day's total; `visitors` are the visitor hashes counted from it.
 */
export interface SourceDay {
  counted: Record<string, number>;
  visitors: string[];
  rev: number;
}

export const emptySourceDay = (): SourceDay => ({ counted: {}, visitors: [], rev: 0 });

export const sourceKey = (day: string, source: string): Key => ({ pk: `ANALYTICS_SOURCE#${day}#${source}`, sk: 'DAY' });

export function readSourceDay(item: Record<string, unknown> | undefined): SourceDay {
  if (!item) return emptySourceDay();
  const counted = item.counted && typeof item.counted === 'object' ? (item.counted as Record<string, number>) : {};
  return { counted: { ...counted }, visitors: Array.isArray(item.visitors) ? (item.visitors as string[]) : [], rev: Number(item.rev ?? 0) };
}

/** Why beacons were discarded: a crawler's or a script's, staff's own pages, past a page's cap or the address's day. */
export const DISCARD_REASONS = ['bots', 'staff', 'page_limit', 'address_limit'] as const;
export type DiscardReason = (typeof DISCARD_REASONS)[number];
export type Discards = Record<DiscardReason, number>;
export const noDiscards = (): Discards => ({ bots: 0, staff: 0, page_limit: 0, address_limit: 0 });
/** Their counters on the site's day item, beside its figures. */
export const discardField = (reason: DiscardReason) => `discarded_${reason}`;

/** The Google connection a master saved (the key itself is in Secrets Manager, never here). */
export const settingsKey: Key = { pk: 'ANALYTICS_SETTINGS', sk: 'GOOGLE' };

export interface GoogleSettings {
  property_id: string;
  network_code: string;
  /** Whose key is stored (the service account's address), shown instead of the key. */
  client_email: string;
  updated_at: string;
  updated_by: string;
}

export function readSettings(item: Record<string, unknown> | undefined): GoogleSettings | undefined {
  if (!item) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    property_id: text(item.property_id),
    network_code: text(item.network_code),
    client_email: text(item.client_email),
    updated_at: text(item.updated_at),
    updated_by: text(item.updated_by),
  };
}
