// The upload step: the browser's check of the file, the multipart upload (start, the parts straight to
// S3 with the bytes sent, complete) and the server's analysis, ending in the preview. A failure is told
// as 'Erro na importação' and leaves the step ready for another file; an upload given up halfway (a
// failure, the reader's "Cancelar envio", leaving the page) is cancelled on the server.
import { useCallback, useEffect, useRef, useState } from 'react';
import { IMPORT_MESSAGES } from '../../../../../shared/imports';
import { notifyError } from '../../../lib/notify';
import { requestMessage } from '../../articles/lib/errors';
import { cancelUpload, completeUpload, startUpload, type ImportPreview, type UploadTicket } from '../api/imports';
import { isAbort, uploadParts } from '../api/parts';
import { fileProblem } from '../lib/format';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; size: number; sent: number }
  | { phase: 'analyzing'; fileName: string; size: number };

/** At most this often a progress event becomes a render. */
const PROGRESS_EVERY_MS = 100;

const dropQuietly = (input: { key: string; upload_id?: string }) => void cancelUpload(input).catch(() => undefined);

export function useFileUpload(onAnalyzed: (preview: ImportPreview) => void) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const analyzed = useRef(onAnalyzed);
  useEffect(() => {
    analyzed.current = onAnalyzed;
  }, [onAnalyzed]);
  // Leaving the page stops the parts in flight (and so cancels the upload).
  useEffect(() => () => controller.current?.abort(), []);

  const busy = state.phase !== 'idle';
  // Closing the tab mid-upload loses it: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const upload = useCallback(async (file: File) => {
    if (controller.current) return;
    const problem = fileProblem(file);
    if (problem === IMPORT_MESSAGES.tooLarge) return notifyError(IMPORT_MESSAGES.tooLarge, 'O arquivo deve ter no máximo 100 MB.');
    if (problem) return notifyError(IMPORT_MESSAGES.failedTitle, `${problem}: escolha um arquivo .csv com os artigos.`);

    const abort = new AbortController();
    controller.current = abort;
    const base = { fileName: file.name, size: file.size };
    setState({ phase: 'uploading', ...base, sent: 0 });
    let ticket: UploadTicket | undefined;
    let uploaded = false;
    try {
      ticket = await startUpload({ file_name: file.name, size: file.size });
      if (abort.signal.aborted) throw new DOMException('Envio cancelado', 'AbortError');
      let shownAt = 0;
      const parts = await uploadParts(file, ticket, {
        signal: abort.signal,
        onProgress: (sent) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_EVERY_MS && sent < file.size) return;
          shownAt = now;
          setState({ phase: 'uploading', ...base, sent });
        },
      });
      setState({ phase: 'analyzing', ...base });
      uploaded = true;
      // Not aborted with the page: the server goes on analyzing; the file is dropped afterwards instead.
      const preview = await completeUpload({ key: ticket.key, upload_id: ticket.upload_id, parts });
      if (abort.signal.aborted) {
        dropQuietly({ key: ticket.key });
        return;
      }
      analyzed.current(preview);
    } catch (error) {
      if (ticket) dropQuietly(uploaded ? { key: ticket.key } : { key: ticket.key, upload_id: ticket.upload_id });
      if (isAbort(error) || abort.signal.aborted) return;
      // 'Arquivo inválido', 'Campos obrigatórios ausentes', 'Arquivo muito grande'… as the server words them.
      notifyError(IMPORT_MESSAGES.failedTitle, requestMessage(error, IMPORT_MESSAGES.uploadError));
    } finally {
      if (controller.current === abort) controller.current = null;
      setState({ phase: 'idle' });
    }
  }, []);

  /** The reader's "Cancelar envio": stops the parts in flight (the analysis, once asked for, runs to its end). */
  const abort = useCallback(() => controller.current?.abort(), []);

  return { state, upload, abort };
}
