// The Monitor IA's figures, refetched every 30 s while shown (spec section 9), and the reprocess
// button's call, after which the figures are read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANALYSIS_LIMITS } from '../../../../../shared/analysis';
import { fetchMonitor, reprocessPending } from '../api/analysis';
import { analysisKeys } from '../api/keys';

export function useMonitor() {
  return useQuery({
    queryKey: analysisKeys.monitor(),
    queryFn: ({ signal }) => fetchMonitor(signal),
    refetchInterval: ANALYSIS_LIMITS.monitorRefreshMs,
  });
}

export function useReprocess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessPending,
    onSettled: () => queryClient.invalidateQueries({ queryKey: analysisKeys.monitor() }),
  });
}
