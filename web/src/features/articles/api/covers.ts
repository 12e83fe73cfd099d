// Cover uploads (lambdas/media): a presigned PUT straight to storage, then the server's check of what arrived.
import type { CoverUpload } from '../../../../../shared/api-types';
import { api } from '../../../lib/api';

/** Uploads the file and returns the cover_image address the server confirmed. */
export async function uploadCover(file: File): Promise<string> {
  const upload = await api.post<CoverUpload>('/media/covers', { content_type: file.type, size: file.size });
  const response = await fetch(upload.upload_url, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  if (!response.ok) throw new Error(`upload: HTTP ${response.status}`);
  const confirmed = await api.post<{ url: string }>('/media/covers/confirm', { key: upload.key });
  return confirmed.url;
}
