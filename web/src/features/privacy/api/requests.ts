// The reader's and the masters' calls of the privacy API (lambdas/privacy): copies of one's data,
// the consent records, the deletion of the account and the masters' list of requests.
import type {
  AdminDataRequest,
  AdminDataRequestPage,
  ConsentRecord,
  DataRequest,
  DeletionInput,
  ExportDownload,
} from '../../../../../shared/privacy';
import { api } from '../../../lib/api';
import type { Paged } from '../../admin/api/admin';

export type { AdminDataRequest, ConsentRecord, DataRequest, ExportDownload };

/**
 * TanStack Query keys: the reader's under the account (removed with everything else of it on
 * sign-out), the masters' under 'admin'.
 */
export const privacyKeys = {
  requests: (userId: string | undefined) => ['me', userId ?? 'anonymous', 'privacy', 'requests'] as const,
  consents: (userId: string | undefined) => ['me', userId ?? 'anonymous', 'privacy', 'consents'] as const,
  admin: () => ['admin', 'privacy-requests'] as const,
};

/** Asks for a copy of one's data: 202 with the pending request (409 while one is pending, 429 past the day's limit). */
export const requestExport = () => api.post<DataRequest>('/privacy/exports');

/** The reader's own requests, newest first (the last 20). */
export const listMyRequests = (signal?: AbortSignal) => api.get<DataRequest[]>('/privacy/requests', { signal });

/** A link, valid for minutes, to a ready export's file (410 once the file is gone, 409 while it is prepared). */
export const fetchExportDownload = (id: string) => api.get<ExportDownload>(`/privacy/exports/${encodeURIComponent(id)}/download`);

/** The reader's consent records, newest first. */
export const listMyConsents = (signal?: AbortSignal) => api.get<ConsentRecord[]>('/privacy/consents', { signal });

/** Deletes the account (the password asked again): 202 with the deletion request. */
export const requestDeletion = (input: DeletionInput) => api.post<DataRequest>('/privacy/deletion', input);

/** A page of every request, newest first, in the admin lists' shape (items, next_cursor). */
export async function listAdminRequests(cursor?: string): Promise<Paged<AdminDataRequest>> {
  const page = await api.get<AdminDataRequestPage>(`/admin/privacy/requests${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  return { items: page.items, next_cursor: page.cursor ?? null };
}
