// The export worker: a copy of everything the portal holds about a person (Meus dados), gathered from
// every context's part (ports.ts), written as one JSON file under privacy/exports/ of the media bucket
// (never served; a lifecycle rule removes it after PRIVACY_LIMITS.exportDays) and handed out by a
// link that expires (service.exportDownload). A redelivery after the file is written changes nothing.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PRIVACY_LIMITS } from '../../shared/privacy';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { logger } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { PRIVACY_EVENTS } from './events';
import { exportKeyOf } from './items';
import type { Subject } from './port';
import { PERSONAL_DATA } from './ports';
import { getRequest, markExportReady } from './store';

/** The file's content: who, when, and each context's part by name. */
export async function exportOf(subject: Subject, now = new Date()): Promise<Record<string, unknown>> {
  const parts = await Promise.all(PERSONAL_DATA.map(async (port) => [port.context, await port.collect(subject)] as const));
  return {
    portal: 'Portal Plural',
    generated_at: now.toISOString(),
    account: { user_id: subject.user_id, email: subject.email },
    ...Object.fromEntries(parts),
  };
}

export async function writeExport(requestId: string, now = new Date()): Promise<'written' | 'skipped'> {
  const request = await getRequest(requestId);
  if (!request || request.kind !== 'export' || request.status !== 'pending' || !request.user_id || !request.email) return 'skipped';
  const body = JSON.stringify(await exportOf({ request_id: request.id, user_id: request.user_id, email: request.email }, now), null, 2);
  const key = exportKeyOf(request.user_id, request.id);
  await s3().send(new PutObjectCommand({ Bucket: env('MEDIA_BUCKET'), Key: key, Body: body, ContentType: 'application/json; charset=utf-8' }));
  const until = new Date(now.getTime() + PRIVACY_LIMITS.exportDays * 86_400_000).toISOString();
  await markExportReady(request.id, key, Buffer.byteLength(body), until, now.toISOString());
  logger.info('privacy: export written', { requestId, bytes: Buffer.byteLength(body) });
  return 'written';
}

export const handler = eventWorker(PRIVACY_EVENTS, 'DataExportRequested', async (detail) => {
  await writeExport(detail.request_id);
});
