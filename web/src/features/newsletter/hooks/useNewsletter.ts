// The master's newsletter desk: the counters, the subscribers (paged, searched, filtered), the sends
// (followed every 2 s while one goes out), the articles an edition may feature, and the changes,
// each refreshing what it makes stale.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NEWSLETTER_MESSAGES } from '../../../../../shared/newsletter-rules';
import { hasStatus, requestMessage } from '../../articles/lib/errors';
import { usePagedList } from '../../admin/components/AdminTable';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  addSubscriber,
  cancelSubscriber,
  fetchEditionArticles,
  fetchOverview,
  listSends,
  listSubscribers,
  sendTest,
  startSend,
  type EditionInput,
  type NewsletterSend,
  type SubscriberStatus,
} from '../api/newsletter';
import { newsletterKeys } from '../api/keys';

/** How often a send in progress is asked about. */
export const SEND_POLL_MS = 2000;

const inProgress = (send: NewsletterSend) => send.status !== 'sent';

export function useOverview() {
  return useQuery({ queryKey: newsletterKeys.overview(), queryFn: ({ signal }) => fetchOverview(signal) });
}

export function useSubscribers(filters: { q: string; status: SubscriberStatus | null }) {
  return usePagedList(newsletterKeys.subscribers(filters), (cursor) => listSubscribers(filters, cursor));
}

/** The last sends, asked again every 2 s while one is queued or going out (its progress and, at the end, the counters). */
export function useSends() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: newsletterKeys.sends(),
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<{ records: NewsletterSend[] }>(newsletterKeys.sends());
      const result = await listSends(signal);
      // A send just finished: the counters may have moved (bounces, unsubscribes during the send).
      if (previous?.records.some(inProgress) && !result.records.some(inProgress)) {
        void queryClient.invalidateQueries({ queryKey: newsletterKeys.overview() });
      }
      return result;
    },
    refetchInterval: (query) => (query.state.data?.records.some(inProgress) ? SEND_POLL_MS : false),
  });
}

export function useEditionArticles() {
  return useQuery({ queryKey: newsletterKeys.articles(), queryFn: ({ signal }) => fetchEditionArticles(signal), staleTime: 60_000 });
}

/** The master's form: the spec's three toasts. */
export function useAddSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => addSubscriber(email),
    onSuccess: (result) => {
      notifySuccess(result.message || NEWSLETTER_MESSAGES.added);
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.allSubscribers() });
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.overview() });
    },
    onError: (error) =>
      notifyError('Erro', hasStatus(error, 409) ? NEWSLETTER_MESSAGES.duplicate : requestMessage(error, NEWSLETTER_MESSAGES.addError)),
  });
}

export function useCancelSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelSubscriber(id),
    onSuccess: () => {
      notifySuccess('Inscrição cancelada.');
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.allSubscribers() });
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.overview() });
    },
    onError: (error) => notifyError('Erro', requestMessage(error, NEWSLETTER_MESSAGES.unsubscribeError)),
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: (edition: EditionInput) => sendTest(edition),
    onSuccess: (result) => notifySuccess(result.message || NEWSLETTER_MESSAGES.testSent, `Confira a caixa de entrada de ${result.to}.`),
    onError: (error) => notifyError('Erro', requestMessage(error, NEWSLETTER_MESSAGES.sendError)),
  });
}

/** Starts a send; the caller goes to Envios, which follows it. */
export function useStartSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edition: EditionInput) => startSend(edition),
    onSuccess: (result) => {
      notifySuccess(result.message || NEWSLETTER_MESSAGES.sendQueued);
      queryClient.setQueryData<{ records: NewsletterSend[] }>(newsletterKeys.sends(), (previous) =>
        previous ? { records: [result.send, ...previous.records.filter((send) => send.id !== result.send.id)] } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.sends() });
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.overview() });
    },
    onError: (error) => notifyError('Erro', requestMessage(error, NEWSLETTER_MESSAGES.sendError)),
  });
}
