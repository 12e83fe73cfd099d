// The figures of the last 30 days (the site's or one author's) and the ad figures, kept on screen
// while another author's arrive; the staff list a master picks an author from.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listStaff } from '../../storyboard/api/storyboard';
import { storyboardKeys } from '../../storyboard/api/keys';
import { fetchAdRevenueData, fetchAnalyticsData, type RangeQuery } from '../api/analytics';
import { analyticsKeys } from '../api/keys';

const FIVE_MINUTES = 5 * 60_000;

export function useAnalyticsData(query: RangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.data(query),
    queryFn: ({ signal }) => fetchAnalyticsData(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAdRevenueData(query: RangeQuery) {
  return useQuery({
    queryKey: analyticsKeys.ads(query),
    queryFn: ({ signal }) => fetchAdRevenueData(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Authors, editors and masters, by name (a master's author picker). */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: storyboardKeys.staff(),
    queryFn: ({ signal }) => listStaff(signal),
    enabled,
    staleTime: FIVE_MINUTES,
    select: (staff) => [...staff].sort((a, b) => a.full_name.localeCompare(b.full_name, 'pt-BR')),
  });
}
