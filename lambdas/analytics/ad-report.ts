// ad-revenue-data: the ad summary of a range, per day for the chart, with analytics-data's scope rule.
// First-party figures are the ad beacons the worker counted (requests, impressions, clicks); revenue
// and fill rate are only Ad Manager's to know, so they are null, with a note saying why. The site's
// figures come from Ad Manager once a master saved a network code; when it fails, the first-party
// figures are answered with the reason in the note.
import { ANALYTICS_NOTES, type AdRevenueData } from '../../shared/analytics';
import { logger } from '../platform/observability';
import { failureNote, googleConnection, inTime } from './connection';
import { adManagerReport } from './google/ad-manager';
import { ZERO } from './items';
import { daysBetween, scopeFor, scopeKeyOf, sum, type RangeQuery } from './report';
import { adFiguresOf } from './rollup';
import * as store from './store';

async function fromAdManager(query: RangeQuery): Promise<Omit<AdRevenueData, 'scope'> | { note: string } | undefined> {
  try {
    const connection = await googleConnection();
    if (!connection?.settings.network_code) return undefined;
    const { totals, daily } = await inTime(adManagerReport(connection.key, connection.settings.network_code, query));
    return { source: 'ad-manager', ...totals, daily };
  } catch (error) {
    logger.warn('Ad Manager report failed', { error });
    return { note: failureNote(ANALYTICS_NOTES.adManagerFailed, error) };
  }
}

export async function adRevenueData(callerId: string, query: RangeQuery): Promise<AdRevenueData> {
  const scope = await scopeFor(callerId, query.userId);
  const connected = scope.kind === 'site' ? await fromAdManager(query) : undefined;
  if (connected && 'source' in connected) return { scope, ...connected };
  const { days: perDay } = await store.scopeDays(scopeKeyOf(scope), query.startDate, query.endDate);
  const note = connected?.note ?? (scope.kind === 'site' ? ANALYTICS_NOTES.revenueUnavailable : ANALYTICS_NOTES.authorRevenue);
  return {
    scope,
    source: 'first-party',
    note,
    ...adFiguresOf(sum(perDay.values())),
    daily: daysBetween(query.startDate, query.endDate).map((date) => ({ date, ...adFiguresOf(perDay.get(date) ?? ZERO) })),
  };
}
