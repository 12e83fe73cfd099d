// Reads an import session's file into chunks (parse.ts), once per ImportRequested.
import { eventWorker } from '../platform/sqs-worker';
import { IMPORT_EVENTS } from './events';
import { parseSession } from './parse';

export const handler = eventWorker(IMPORT_EVENTS, 'ImportRequested', (detail) => parseSession(detail.session_id, detail.requested_at));
