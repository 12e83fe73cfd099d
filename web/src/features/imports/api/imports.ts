// The bulk CSV import calls (lambdas/imports): the multipart upload of the file to S3 through the
// API's presigned URLs (start, complete, cancel), the import sessions, and the error log (CSV).
import type { ImportPreview, ImportSession, UploadComplete, UploadStart, UploadTicket } from '../../../../../shared/imports';
import { MESSAGES } from '../../../../../shared/messages';
import { accessToken, api, ApiRequestError } from '../../../lib/api';
import { loadConfig } from '../../../lib/config';

export type { ImportPreview, ImportSession, UploadComplete, UploadStart, UploadTicket };

/** Starts the multipart upload: one presigned PUT per part. */
export const startUpload = (input: UploadStart) => api.post<UploadTicket>('/imports/uploads', input);

/** Joins the parts and has the server read the file: its delimiter, record count and first rows. */
export const completeUpload = (input: UploadComplete) => api.post<ImportPreview>('/imports/uploads/complete', input);

/** Drops an uploaded file (the preview's "Cancelar"), or an upload given up halfway (with its upload_id). */
export const cancelUpload = (input: { key: string; upload_id?: string }) => api.post<void>('/imports/uploads/cancel', input);

export const startImport = (key: string) => api.post<ImportSession>('/imports', { key });

export const listSessions = (signal?: AbortSignal) => api.get<{ sessions: ImportSession[] }>('/imports', { signal });

export const fetchSession = (id: string, signal?: AbortSignal) => api.get<ImportSession>(`/imports/${encodeURIComponent(id)}`, { signal });

/** The session's error log (record_id,error) as a CSV file; errors are read as the JSON client reads them. */
export async function fetchErrorLog(id: string): Promise<Blob> {
  const config = await loadConfig();
  const token = await accessToken();
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/imports/${encodeURIComponent(id)}/errors`, { headers });
  } catch {
    throw new ApiRequestError('Não foi possível conectar ao servidor. Verifique sua conexão.', 0);
  }
  if (!response.ok) {
    if (response.status === 401) throw new ApiRequestError(MESSAGES.notAuthenticated, 401);
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiRequestError(typeof body?.message === 'string' && body.message ? body.message : MESSAGES.internal, response.status);
  }
  // The bytes as sent (a BOM, if any, kept for spreadsheets), typed as CSV whatever the header said.
  return new Blob([await response.arrayBuffer()], { type: 'text/csv;charset=utf-8' });
}
