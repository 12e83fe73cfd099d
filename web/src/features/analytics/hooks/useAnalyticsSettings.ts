// The master's Google connection: what is stored (never the key itself), saving it and testing it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAnalyticsSettings, saveAnalyticsSettings, testAnalyticsConnection, type AnalyticsSettingsInput, type AnalyticsSettingsView } from '../api/analytics';
import { analyticsKeys } from '../api/keys';

export function useAnalyticsSettings(enabled: boolean) {
  return useQuery({ queryKey: analyticsKeys.settings(), queryFn: ({ signal }) => fetchAnalyticsSettings(signal), enabled });
}

export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyticsSettingsInput) => saveAnalyticsSettings(input),
    onSuccess: ({ connected, clientEmail, propertyId, networkCode, updatedAt }) => {
      queryClient.setQueryData<AnalyticsSettingsView>(analyticsKeys.settings(), { connected, clientEmail, propertyId, networkCode, updatedAt });
      // The figures may now come from Google.
      void queryClient.invalidateQueries({ queryKey: ['analytics', 'data'] });
      void queryClient.invalidateQueries({ queryKey: ['analytics', 'ads'] });
    },
  });
}

export function useTestAnalyticsConnection() {
  return useMutation({ mutationFn: (input: AnalyticsSettingsInput) => testAnalyticsConnection(input) });
}
