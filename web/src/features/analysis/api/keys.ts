// TanStack Query keys of the analysis feature, all under 'analysis'.
export const analysisKeys = {
  all: () => ['analysis'] as const,
  /** GET /api/analysis/monitor (AnalysisMonitor), refetched every 30 s while shown. */
  monitor: () => ['analysis', 'monitor'] as const,
};
