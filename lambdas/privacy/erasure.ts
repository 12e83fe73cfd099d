// The deletion of an account, as the contracts declare it (no AWS SDK here: the CDK app reads it).
// Two phases, each an event every context concerned consumes with its own erase worker
// (lambdas/<context>/erase-worker.ts):
//   AccountDeletionRequested → payments: subscriptions cancelled at the provider first, payment
//     records unlinked; then the request moves on to
//   AccountErasureStarted    → every context in ERASING_CONTEXTS removes or anonymises its items;
//     the last one to finish completes the request (AccountDeleted).
import { consumes, type WorkerSpec } from '../platform/contract';
import { PRIVACY_EVENTS } from './events';

/** The first phase's one context: nothing else starts while a subscription may still charge. */
export const FIRST_PHASE_CONTEXT = 'payments';

/** The contexts that erase in the second phase (a unit test checks their workers exist). */
export const ERASING_CONTEXTS = ['users', 'articles', 'editorial', 'newsletter', 'applications', 'notifications', 'quality', 'analytics', 'analysis', 'events', 'privacy'] as const;

/** Every step of a deletion: the request is complete when each has recorded what it removed. */
export const DELETION_STEPS = [FIRST_PHASE_CONTEXT, ...ERASING_CONTEXTS] as const;

/** The event that starts a context's step: the first phase's, or the second's. */
export const phaseEventOf = (context: string) => (context === FIRST_PHASE_CONTEXT ? 'AccountDeletionRequested' : 'AccountErasureStarted');

/**
 * A context's erase worker: lambdas/<context>/erase-worker.ts, one request at a time. `seconds` is
 * the Lambda's timeout (a sixth of the queue's visibility, as every worker's): a context with many
 * items to rewrite (an author's articles) asks for more.
 */
export function erasureWorker(context: string, seconds = 120): WorkerSpec {
  return {
    name: `${context}-erase`,
    file: 'erase-worker',
    pattern: consumes(PRIVACY_EVENTS, [phaseEventOf(context)]),
    batchSize: 1,
    visibilityTimeoutSeconds: seconds * 6,
    maxReceiveCount: 5,
  };
}
