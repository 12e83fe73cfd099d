// Meus dados: the reader's requests (asked again every 3 s while an export is prepared), a new copy,
// its download link, the consent records and the deletion of the account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_MESSAGES, type DeletionInput } from '../../../../../shared/privacy';
import { useAuth } from '../../../auth/context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { hasStatus, requestMessage } from '../../articles/lib/errors';
import { fetchExportDownload, listMyConsents, listMyRequests, privacyKeys, requestDeletion, requestExport, type DataRequest } from '../api/requests';
import { EXPORT_POLL_MS, hasPendingExport } from '../lib/data-requests';

export function useMyRequests() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: privacyKeys.requests(user?.userId),
    queryFn: ({ signal }) => listMyRequests(signal),
    enabled: status === 'signedIn',
    refetchInterval: (query) => (hasPendingExport(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

export function useMyConsents() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: privacyKeys.consents(user?.userId),
    queryFn: ({ signal }) => listMyConsents(signal),
    enabled: status === 'signedIn',
  });
}

/** A new copy: it joins the list at once, which then follows it until the file is ready. */
export function useRequestExport() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = privacyKeys.requests(user?.userId);
  return useMutation({
    mutationFn: requestExport,
    onSuccess: (request) => {
      notifySuccess(PRIVACY_MESSAGES.exportRequested);
      queryClient.setQueryData<DataRequest[]>(key, (previous) => [request, ...(previous ?? []).filter((each) => each.id !== request.id)]);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      notifyError('Erro', requestMessage(error, 'Não foi possível pedir a cópia dos seus dados. Tente novamente.'));
      // A copy already in preparation (asked for in another tab): show it.
      if (hasStatus(error, 409)) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Asks for the file's link and leaves for it: the browser downloads the JSON and stays on this page. */
export function useDownloadExport() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchExportDownload(id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      if (hasStatus(error, 410)) notifyError('Erro', PRIVACY_MESSAGES.exportExpired);
      else if (hasStatus(error, 409)) notifyError('Erro', PRIVACY_MESSAGES.exportNotReady);
      else notifyError('Erro', requestMessage(error, 'Não foi possível baixar o arquivo. Tente novamente.'));
      if (hasStatus(error, 410) || hasStatus(error, 409)) void queryClient.invalidateQueries({ queryKey: privacyKeys.requests(user?.userId) });
    },
  });
}

/** The deletion: the caller signs the reader out once it is accepted (the account can no longer sign in). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeletionInput) => requestDeletion(input) });
}
