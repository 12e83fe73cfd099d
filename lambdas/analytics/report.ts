// analytics-data: the summary of a range of days, its per-day series, top articles and (for the site)
// top authors. A master sees the site (or one author's articles, given their id); anyone else only
// their own articles, whatever id they send. Users are summed per day: the visitor hash changes
// daily, by design. The site's figures come from GA4 once a master connected it; when GA4 fails, the
// first-party figures are answered with the reason in `error`. The site's first-party figures come
// with the beacons the filter discarded, by reason.
import { ANALYTICS_LIMITS, ANALYTICS_NOTES, type AnalyticsData, type AnalyticsFigures, type DiscardedBeacons } from '../../shared/analytics';
import { can } from '../../shared/roles';
import { articleLinks } from '../articles/public';
import { batchRead } from '../platform/dynamo-batch';
import { logger } from '../platform/observability';
import { authorProfiles, readerAccess } from '../users/public';
import { failureNote, googleConnection, inTime } from './connection';
import { ga4Report } from './google/ga4';
import { COUNT_FIELDS, DISCARD_REASONS, ZERO, type Counts, type Discards } from './items';
import { figuresOf } from './rollup';
import * as store from './store';

export interface RangeQuery {
  startDate: string;
  endDate: string;
  userId?: string;
}

type Scope = AnalyticsData['scope'];
type Series = { totals: AnalyticsFigures; daily: (AnalyticsFigures & { date: string })[] };

export const sum = (all: Iterable<Counts>): Counts => {
  const total = { ...ZERO };
  for (const counts of all) for (const field of COUNT_FIELDS) total[field] += counts[field];
  return total;
};

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 86_400_000) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** Whose figures the caller gets: the rule is the server's, not the request's. */
export async function scopeFor(callerId: string, requested: string | undefined): Promise<Scope> {
  const { roles } = await readerAccess(callerId);
  if (!can(roles, 'analytics.manage')) return { kind: 'author', userId: callerId };
  return requested ? { kind: 'author', userId: requested } : { kind: 'site' };
}

export const scopeKeyOf = (scope: Scope): string => (scope.kind === 'site' ? 'site' : `author#${scope.userId}`);

/** The top `count` of a tally by page views. */
const top = (tally: Map<string, Counts>, count: number) => [...tally].sort(([, a], [, b]) => b.views - a.views).slice(0, count);

function tallyBy(articleDays: readonly store.ArticleDay[], keyOf: (day: store.ArticleDay) => string): Map<string, Counts> {
  const tally = new Map<string, Counts>();
  for (const day of articleDays) tally.set(keyOf(day), sum([tally.get(keyOf(day)) ?? ZERO, day.counts]));
  return tally;
}

/** Top articles (and authors, for the site) with their titles, slugs and names, in one BatchGet. */
async function leaders(scope: Scope, articleDays: readonly store.ArticleDay[]): Promise<Pick<AnalyticsData, 'topArticles' | 'topAuthors'>> {
  const articles = top(tallyBy(articleDays, (day) => day.articleId), ANALYTICS_LIMITS.topArticles);
  // An author's users are summed over their articles: a reader of two of them counts twice here.
  const authors = scope.kind === 'site' ? top(tallyBy(articleDays.filter((day) => day.authorId), (day) => day.authorId), ANALYTICS_LIMITS.topAuthors) : [];
  const { links, profiles } = await batchRead({ links: articleLinks(articles.map(([id]) => id)), profiles: authorProfiles(authors.map(([id]) => id)) });
  return {
    topArticles: articles.map(([articleId, counts]) => {
      const link = links(articleId);
      return { articleId, title: link?.title ?? 'Artigo removido', slug: link?.slug ?? '', pageViews: counts.views, users: counts.users };
    }),
    topAuthors: authors.map(([userId, counts]) => ({ userId, name: profiles.get(userId)?.full_name || 'Autor Anônimo', pageViews: counts.views, users: counts.users })),
  };
}

const discardedOf = (discards: Discards): DiscardedBeacons => ({
  total: DISCARD_REASONS.reduce((total, reason) => total + discards[reason], 0),
  bots: discards.bots,
  staff: discards.staff,
  pageLimit: discards.page_limit,
  addressLimit: discards.address_limit,
});

/** GA4's figures for the site when connected; undefined when not; the reason when it failed. */
async function ga4Figures(scope: Scope, query: RangeQuery): Promise<Series | { error: string } | undefined> {
  if (scope.kind !== 'site') return undefined;
  try {
    const connection = await googleConnection();
    if (!connection?.settings.property_id) return undefined;
    return await inTime(ga4Report(connection.key, connection.settings.property_id, query));
  } catch (error) {
    logger.warn('GA4 report failed', { error });
    return { error: failureNote(ANALYTICS_NOTES.ga4Failed, error) };
  }
}

export async function analyticsData(callerId: string, query: RangeQuery): Promise<AnalyticsData> {
  const scope = await scopeFor(callerId, query.userId);
  const days = daysBetween(query.startDate, query.endDate);
  const [{ days: perDay, discards }, articleDays, ga4] = await Promise.all([
    store.scopeDays(scopeKeyOf(scope), query.startDate, query.endDate),
    scope.kind === 'site' ? store.siteArticleDays(query.startDate, query.endDate) : store.authorArticleDays(scope.userId, query.startDate, query.endDate),
    ga4Figures(scope, query),
  ]);
  const ranked = await leaders(scope, articleDays);
  if (ga4 && 'totals' in ga4) return { scope, source: 'ga4', ...ga4.totals, daily: ga4.daily, ...ranked };
  return {
    scope,
    source: 'first-party',
    ...(ga4 ? { error: ga4.error } : {}),
    ...figuresOf(sum(perDay.values())),
    daily: days.map((date) => ({ date, ...figuresOf(perDay.get(date) ?? ZERO) })),
    ...ranked,
    // The filter made visible: the site's beacons left out of these figures, by reason.
    ...(scope.kind === 'site' ? { discarded: discardedOf(discards) } : {}),
  };
}
