// The import sessions: the recent ones (asked again every 5 s while one runs), one session followed
// every second while it runs (the end refreshes the list and the article lists), starting an import
// from an analyzed file, and dropping an analyzed file.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_MESSAGES } from '../../../../../shared/imports';
import { notifyError } from '../../../lib/notify';
import { requestMessage } from '../../articles/lib/errors';
import { cancelUpload, fetchSession, listSessions, startImport, type ImportSession } from '../api/imports';
import { importKeys } from '../api/keys';

/** How often a running session is asked about. */
export const SESSION_POLL_MS = 1000;
/** How often the recent list is asked about while one of its sessions runs. */
export const SESSIONS_POLL_MS = 5000;

const running = (session: ImportSession) => session.status === 'running';

export function useImportSessions(enabled = true) {
  return useQuery({
    queryKey: importKeys.sessions(),
    queryFn: ({ signal }) => listSessions(signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.sessions.some(running) ? SESSIONS_POLL_MS : false),
  });
}

export function useImportSession(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.session(id ?? ''),
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<ImportSession>(importKeys.session(id ?? ''));
      const session = await fetchSession(id ?? '', signal);
      // It just ended: the list's badge and the admin's article lists are stale.
      if (previous && running(previous) && !running(session)) {
        void queryClient.invalidateQueries({ queryKey: importKeys.sessions() });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'articles'] });
        void queryClient.invalidateQueries({ queryKey: ['articles'] });
      }
      // The recent list shows the same session: its row follows along.
      queryClient.setQueryData<{ sessions: ImportSession[] }>(importKeys.sessions(), (list) =>
        list?.sessions.some((each) => each.id === session.id)
          ? { sessions: list.sessions.map((each) => (each.id === session.id ? session : each)) }
          : list,
      );
      return session;
    },
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && running(query.state.data) ? SESSION_POLL_MS : false),
  });
}

/** POST /api/imports: the new session is seeded in the cache, so its step shows at once. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => startImport(key),
    onSuccess: (session) => {
      queryClient.setQueryData(importKeys.session(session.id), session);
      queryClient.setQueryData<{ sessions: ImportSession[] }>(importKeys.sessions(), (previous) =>
        previous ? { sessions: [session, ...previous.sessions.filter((each) => each.id !== session.id)] } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: importKeys.sessions() });
    },
    onError: (error) => notifyError(IMPORT_MESSAGES.failedTitle, requestMessage(error, IMPORT_MESSAGES.sessionError)),
  });
}

/** Drops an analyzed file; a failure leaves the reader nothing to do, so it is not reported. */
export function useCancelUpload() {
  return useMutation({
    mutationFn: (input: { key: string; upload_id?: string }) => cancelUpload(input).catch(() => undefined),
  });
}
