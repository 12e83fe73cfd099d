// Bulk CSV import (spec "Import articles", import_sessions, the CSV row, its validation rules,
// messages and constants): the limits, the pt-BR messages, the request schemas and the shapes the
// API answers. The file itself never travels through the API: the browser uploads it to S3 with
// presigned part URLs and the server reads it from there.
import { z } from 'zod';
import { csvFile } from './csv';

export const IMPORT_LIMITS = {
  /** Spec: 100MB max. */
  maxBytes: 100 * 1024 * 1024,
  /** Spec: batches of 100 posts. */
  batchRows: 100,
  /** Spec: preview of the first 10 rows. */
  previewRows: 10,
  /** Multipart part size: S3's minimum is 5 MB for every part but the last. */
  partBytes: 8 * 1024 * 1024,
  /** A running session that made no progress for this long is driven again when someone looks at it. */
  stalledSeconds: 90,
  /** Sessions listed on the page (the newest). */
  sessionsShown: 10,
} as const;

/** The spec's columns of a row; the first four are required. */
export const REQUIRED_COLUMNS = ['record_id', 'titulo', 'conteudo', 'Author'] as const;
export const IMPORT_COLUMNS = [...REQUIRED_COLUMNS, 'Categorias', 'Tags', 'Date', 'URL Slug', 'Featured Image', 'Excerpt'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ImportRow = Partial<Record<ImportColumn, string>>;

export const IMPORT_MESSAGES = {
  tooLarge: 'Arquivo muito grande',
  invalidFile: 'Arquivo inválido',
  missingColumns: 'Campos obrigatórios ausentes',
  loaded: (count: number) => `Arquivo carregado: ${count.toLocaleString('pt-BR')} registros encontrados.`,
  failedTitle: 'Erro na importação',
  notSignedIn: 'Usuário não autenticado',
  sessionError: 'Erro ao criar sessão de importação',
  completed: 'Importação concluída!',
  forbidden: 'Acesso negado',
  notFound: 'Importação não encontrada',
  uploadError: 'Não foi possível enviar o arquivo.',
  // Rows the file has but the portal cannot take (the error log), besides the articles' own messages.
  noRecordId: 'record_id ausente',
  duplicateRecord: 'record_id repetido no arquivo',
  noAuthor: 'Autor ausente',
  invalidDate: 'Data inválida',
  slugRenamed: (slug: string) => `Slug já em uso; publicado como ${slug}`,
  batchFailed: 'Falha ao gravar o lote',
} as const;

export const IMPORT_STATUSES = ['running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  running: 'Importando',
  completed: 'Concluída',
  failed: 'Falhou',
};

const uploadKey = z.string().regex(/^imports\/uploads\/[\w-]+\/[\w-]+\.csv$/, IMPORT_MESSAGES.invalidFile);

/** POST /api/imports/uploads: start a multipart upload of the file. */
export const uploadStartSchema = z.object({
  file_name: z.string().trim().min(1, IMPORT_MESSAGES.invalidFile).max(255, IMPORT_MESSAGES.invalidFile),
  size: z.number().int().min(1, IMPORT_MESSAGES.invalidFile).max(IMPORT_LIMITS.maxBytes, IMPORT_MESSAGES.tooLarge),
});
export type UploadStart = z.infer<typeof uploadStartSchema>;

/** POST /api/imports/uploads/complete: the parts the browser sent, with the ETag S3 answered for each. */
export const uploadCompleteSchema = z.object({
  key: uploadKey,
  upload_id: z.string().min(1).max(1024),
  parts: z
    .array(
      z.object({
        part_number: z.number().int().min(1).max(10_000),
        etag: z.string().min(1).max(200),
      }),
    )
    .min(1)
    .max(10_000),
});
export type UploadComplete = z.infer<typeof uploadCompleteSchema>;

/** POST /api/imports/uploads/cancel: the preview's "Cancelar" (and an upload given up halfway). */
export const uploadCancelSchema = z.object({
  key: uploadKey,
  upload_id: z.string().min(1).max(1024).optional(),
});

/** POST /api/imports: import an analyzed file. */
export const importStartSchema = z.object({ key: uploadKey });

export interface UploadTicket {
  key: string;
  upload_id: string;
  part_size: number;
  /** One presigned PUT per part, in order; each answers an ETag header the browser collects. */
  parts: { part_number: number; url: string }[];
}

/** What the server found in an uploaded file: the preview step. */
export interface ImportPreview {
  key: string;
  file_name: string;
  size: number;
  delimiter: ';' | ',';
  total_records: number;
  /** The file's columns as written (the required ones are there: the file was refused otherwise). */
  columns: string[];
  /** The first rows (IMPORT_LIMITS.previewRows), the spec's columns only, each cut to 300 characters. */
  rows: ImportRow[];
}

/** An import session (import_sessions) with its progress. */
export interface ImportSession {
  id: string;
  status: ImportStatus;
  started_by: string;
  started_by_name: string | null;
  file_name: string;
  total_records: number;
  successful_records: number;
  failed_records: number;
  /** Rows read from the file so far, and whether the whole file was read. */
  parsed_records: number;
  parsed: boolean;
  started_at: string;
  completed_at: string | null;
  /** Rows written (or refused) per second since the start, and the estimate of what is left. */
  rows_per_second: number;
  seconds_left: number | null;
  /** Why a failed session failed (a general error: the file could no longer be read, say). */
  error: string | null;
}

/** Rows done so far (written or refused). */
export const processedOf = (session: Pick<ImportSession, 'successful_records' | 'failed_records'>) => session.successful_records + session.failed_records;

/** The rate since the start and the time left at that rate (null before there is a rate). */
export function progressOf(
  session: Pick<ImportSession, 'successful_records' | 'failed_records' | 'total_records' | 'started_at' | 'completed_at'>,
  now: Date,
): { rows_per_second: number; seconds_left: number | null } {
  const end = session.completed_at ? new Date(session.completed_at) : now;
  const seconds = Math.max((end.getTime() - new Date(session.started_at).getTime()) / 1000, 0.001);
  const done = processedOf(session);
  const rate = done / seconds;
  const left = Math.max(session.total_records - done, 0);
  return {
    rows_per_second: Math.round(rate * 10) / 10,
    seconds_left: session.completed_at ? 0 : rate > 0 ? Math.ceil(left / rate) : null,
  };
}

/** The error log's file: record_id and error (spec), written by the portal's one CSV writer (csv.ts). */
export function errorLogCsv(entries: readonly { record_id: string; error: string }[]): string {
  return csvFile(
    ['record_id', 'error'],
    entries.map((entry) => [entry.record_id, entry.error]),
  );
}
