// analytics-data: the summary of a range of days, its per-day series and top articles. A master sees
// the site (or one author's articles, given their id); anyone else only their own articles, whatever
// id they send. Users are summed per day: the visitor hash changes daily, by design.
import { ANALYTICS_LIMITS, type AnalyticsData } from '../../shared/analytics';
import { readerAccess } from '../users/public';
import { ZERO, type Counts } from './items';
import { figuresOf } from './rollup';
import * as store from './store';

const sum = (all: Iterable<Counts>): Counts => {
  const total = { ...ZERO };
  for (const counts of all) for (const field of Object.keys(total) as (keyof Counts)[]) total[field] += counts[field];
  return total;
};

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 86_400_000) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** Whose figures the caller gets: the rule is the server's, not the request's. */
export async function scopeFor(callerId: string, requested: string | undefined): Promise<AnalyticsData['scope']> {
  const { roles } = await readerAccess(callerId);
  if (!roles.includes('master')) return { kind: 'author', userId: callerId };
  return requested ? { kind: 'author', userId: requested } : { kind: 'site' };
}

export async function analyticsData(callerId: string, query: { startDate: string; endDate: string; userId?: string }): Promise<AnalyticsData> {
  const scope = await scopeFor(callerId, query.userId);
  const days = daysBetween(query.startDate, query.endDate);
  const scopeKey = scope.kind === 'site' ? 'site' : `author#${scope.userId}`;
  const [perDay, articleDays] = await Promise.all([
    store.scopeDays(scopeKey, query.startDate, query.endDate),
    scope.kind === 'site' ? store.siteArticleDays(days) : store.authorArticleDays(scope.userId, query.startDate, query.endDate),
  ]);
  const byArticle = new Map<string, Counts>();
  for (const { articleId, counts } of articleDays) byArticle.set(articleId, sum([byArticle.get(articleId) ?? ZERO, counts]));
  const topArticles = [...byArticle]
    .sort(([, a], [, b]) => b.views - a.views)
    .slice(0, ANALYTICS_LIMITS.topArticles)
    .map(([articleId, counts]) => ({ articleId, pageViews: counts.views, users: counts.users }));
  return {
    scope,
    ...figuresOf(sum(perDay.values())),
    daily: days.map((date) => ({ date, ...figuresOf(perDay.get(date) ?? ZERO) })),
    topArticles,
  };
}
