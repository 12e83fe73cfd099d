// What other contexts use of the privacy context (the lint rule in eslint.config.js enforces it): the
// port each context that holds personal data implements (its privacy.ts), the erase worker its
// contract declares and its erase-worker.ts runs for a deletion.
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { FIRST_PHASE_CONTEXT, phaseEventOf } from './erasure';
import { PRIVACY_EVENTS } from './events';
import type { PersonalData, Subject } from './port';
import { completeDeletion, getRequest, recordStep } from './store';

export type { PersonalData, Subject } from './port';
export { erasureWorker } from './erasure';
export { ANONYMOUS_AUTHOR_ID } from '../../shared/privacy';

/**
 * Runs one context's part of a deletion: reads whose account from the request, erases, records the
 * step once, and completes the request when it was the last. A request already past this step (a
 * redelivery, a second run) is left alone: nothing changes.
 */
export async function runErasure(port: PersonalData, requestId: string, now = () => new Date().toISOString()): Promise<'erased' | 'skipped'> {
  const request = await getRequest(requestId);
  const first = port.context === FIRST_PHASE_CONTEXT;
  const expected = first ? 'pending' : 'erasing';
  if (!request || request.kind !== 'deletion' || request.status !== expected || request.steps[port.context] || !request.user_id || !request.email) {
    logger.info('privacy: nothing to erase', { context: port.context, requestId, status: request?.status });
    return 'skipped';
  }
  const subject: Subject = { request_id: request.id, user_id: request.user_id, email: request.email };
  const removed = await port.erase(subject);
  // What was removed, never the data.
  logger.info('privacy: erased', { context: port.context, requestId, removed });
  metrics.addMetric('AccountErasureSteps', MetricUnit.Count, 1);
  const after = await recordStep(request.id, port.context, removed, first, now());
  // The request as this step left it: the step that finds every step recorded completes it.
  if (after && !first && Object.keys(after.steps).length >= after.steps_total) await completeDeletion(after, now());
  return 'erased';
}

/** The handler of lambdas/<context>/erase-worker.ts. */
export function erasureHandler(port: PersonalData) {
  return eventWorker(PRIVACY_EVENTS, phaseEventOf(port.context), async (detail) => {
    await runErasure(port, detail.request_id);
  });
}
