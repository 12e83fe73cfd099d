// The analytics calls (lambdas/analytics): the figures of a range (the site's, or one author's: the
// server decides whose a caller may see), the ad figures, and the master's Google connection.
import type {
  AdRevenueData,
  AnalyticsData,
  AnalyticsSettingsInput,
  AnalyticsSettingsView,
  ConnectionTestResult,
  DiscardedBeacons,
} from '../../../../../shared/analytics';
import { api } from '../../../lib/api';

export type { AdRevenueData, AnalyticsData, AnalyticsSettingsInput, AnalyticsSettingsView, ConnectionTestResult, DiscardedBeacons };

export interface RangeQuery {
  startDate: string;
  endDate: string;
  /** A master's pick of one author; left out for the site (or, for anyone else, their own articles). */
  userId?: string;
}

function search({ startDate, endDate, userId }: RangeQuery): string {
  const params = new URLSearchParams({ startDate, endDate });
  if (userId) params.set('userId', userId);
  return params.toString();
}

export const fetchAnalyticsData = (query: RangeQuery, signal?: AbortSignal) => api.get<AnalyticsData>(`/analytics-data?${search(query)}`, { signal });

export const fetchAdRevenueData = (query: RangeQuery, signal?: AbortSignal) => api.get<AdRevenueData>(`/ad-revenue-data?${search(query)}`, { signal });

export const fetchAnalyticsSettings = (signal?: AbortSignal) => api.get<AnalyticsSettingsView>('/analytics-settings', { signal });

export const saveAnalyticsSettings = (input: AnalyticsSettingsInput) => api.put<AnalyticsSettingsView & { message?: string }>('/analytics-settings', input);

export const testAnalyticsConnection = (input: AnalyticsSettingsInput) => api.post<ConnectionTestResult>('/analytics-settings/test', input);
