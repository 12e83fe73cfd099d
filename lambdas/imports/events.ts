// Domain events of the import context (EVENTS.md beside this file), read from its items' changes: a
// session to read (started, or driven again after a stall), a chunk of rows to write, a session done.
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';
import { CHUNK_ENTITY, SESSION_ENTITY } from './items';

export const IMPORT_EVENTS = {
  ImportRequested: {
    source: 'portal.imports',
    description: 'An import session was started (or driven again after a stall): its file is to be read into chunks.',
    detail: z.object({ session_id: z.string(), requested_at: z.string() }),
  },
  ImportChunkQueued: {
    source: 'portal.imports',
    description: 'A chunk of up to 100 rows of a session was stored (or queued again): the batch worker writes it.',
    detail: z.object({
      session_id: z.string(),
      chunk: z.number().int(),
      queued_at: z.string(),
    }),
  },
  ImportCompleted: {
    source: 'portal.imports',
    description: 'Every chunk of a session was written: the imported articles are published, for the bulk work after an import (sitemaps, pages).',
    detail: z.object({
      session_id: z.string(),
      successful_records: z.number().int(),
      failed_records: z.number().int(),
      completed_at: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const importEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (!next || change.eventName === 'REMOVE') return [];
  const before = change.eventName === 'INSERT' ? undefined : change.oldImage;
  if (next.entity === SESSION_ENTITY) {
    const events = [];
    const requested = text(next.parse_requested_at);
    if (next.status === 'running' && requested && requested !== text(before?.parse_requested_at)) {
      events.push(
        domainEvent(IMPORT_EVENTS, 'ImportRequested', {
          session_id: text(next.id),
          requested_at: requested,
        }),
      );
    }
    if (next.status === 'completed' && before?.status !== 'completed') {
      events.push(
        domainEvent(IMPORT_EVENTS, 'ImportCompleted', {
          session_id: text(next.id),
          successful_records: Number(next.successful_records ?? 0),
          failed_records: Number(next.failed_records ?? 0),
          completed_at: text(next.completed_at),
        }),
      );
    }
    return events;
  }
  if (next.entity === CHUNK_ENTITY && !next.done_at && text(next.queued_at) !== text(before?.queued_at)) {
    return [
      domainEvent(IMPORT_EVENTS, 'ImportChunkQueued', {
        session_id: text(next.session_id),
        chunk: Number(next.number),
        queued_at: text(next.queued_at),
      }),
    ];
  }
  return [];
};
