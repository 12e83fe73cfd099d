// The browser's side of the multipart upload: each part of the file PUT straight to S3 on its presigned
// URL (no Authorization header: the URL is the permission), three at a time, each tried up to three
// times, with the bytes sent reported as they go. S3 answers each part's ETag, which completing needs.
import type { UploadTicket } from '../../../../../shared/imports';

/** Parts in flight at once. */
export const PART_CONCURRENCY = 3;
/** Tries of one part: the first and two retries. */
export const PART_ATTEMPTS = 3;
/** The wait before a retry, times the attempt that failed. */
const RETRY_DELAY_MS = 800;

export interface UploadedPart {
  part_number: number;
  etag: string;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const abortError = () => new DOMException('Envio cancelado', 'AbortError');

class PartError extends Error {
  constructor(readonly partNumber: number, detail: string) {
    super(`Parte ${partNumber}: ${detail}`);
    this.name = 'PartError';
  }
}

/** The byte range of a part (1-based) of a file cut in parts of partSize. */
export function partRange(partNumber: number, partSize: number, fileSize: number): { start: number; end: number } {
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(start + partSize, fileSize) };
}

/** One PUT through XMLHttpRequest, for its upload progress events; resolves with the ETag, quotes and all. */
function putPart(partNumber: number, url: string, body: Blob, onLoaded: (bytes: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onLoaded(event.loaded);
    xhr.onload = () => {
      settle();
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new PartError(partNumber, xhr.status >= 200 && xhr.status < 300 ? 'sem ETag' : `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => {
      settle();
      reject(new PartError(partNumber, 'falha de rede'));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    // A slice has no type: no Content-Type header, which the presigned URL does not sign.
    xhr.send(body);
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Uploads every part of the ticket and answers them in order with their ETags. onProgress gets the bytes
 * sent so far (a retried part starts again from zero). The first part that fails three times stops the
 * others and rejects; aborting the signal rejects with an AbortError.
 */
export async function uploadParts(
  file: Blob,
  ticket: UploadTicket,
  { signal, onProgress, retryDelayMs = RETRY_DELAY_MS }: { signal: AbortSignal; onProgress: (sent: number) => void; retryDelayMs?: number },
): Promise<UploadedPart[]> {
  const inner = new AbortController();
  const forward = () => inner.abort();
  if (signal.aborted) inner.abort();
  else signal.addEventListener('abort', forward, { once: true });

  const loaded = new Map<number, number>();
  const report = (partNumber: number, bytes: number) => {
    loaded.set(partNumber, bytes);
    let sent = 0;
    for (const each of loaded.values()) sent += each;
    onProgress(Math.min(sent, file.size));
  };

  const queue = [...ticket.parts];
  const uploaded: UploadedPart[] = [];

  async function send(part: UploadTicket['parts'][number]): Promise<string> {
    const { start, end } = partRange(part.part_number, ticket.part_size, file.size);
    const body = file.slice(start, end);
    for (let attempt = 1; ; attempt++) {
      try {
        const etag = await putPart(part.part_number, part.url, body, (bytes) => report(part.part_number, bytes), inner.signal);
        report(part.part_number, body.size);
        return etag;
      } catch (error) {
        report(part.part_number, 0);
        if (isAbort(error) || attempt >= PART_ATTEMPTS) throw error;
        await pause(retryDelayMs * attempt, inner.signal);
      }
    }
  }

  async function worker() {
    for (let part = queue.shift(); part; part = queue.shift()) {
      const etag = await send(part);
      uploaded.push({ part_number: part.part_number, etag });
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(PART_CONCURRENCY, queue.length) }, () => worker()));
  } catch (error) {
    inner.abort();
    throw signal.aborted ? abortError() : error;
  } finally {
    signal.removeEventListener('abort', forward);
  }
  return uploaded.sort((a, b) => a.part_number - b.part_number);
}
