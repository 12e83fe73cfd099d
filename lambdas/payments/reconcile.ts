// The daily reconciliation (an EventBridge schedule): every live subscription read again from its
// provider, PIX and boleto months about to end noticed, those past their end closed. The scheduled
// event's time is the job's "now".
import middy from '@middy/core';
import type { ScheduledEvent } from 'aws-lambda';
import { observability } from '../platform/observability';
import { withSecret } from '../platform/secrets';
import { PAYMENTS_SECRET } from './providers';
import { reconcile, type ReconcileReport } from './reconciliation';

export const handler = middy<ScheduledEvent, ReconcileReport>()
  .use(observability())
  .use(withSecret(PAYMENTS_SECRET, 'PAYMENTS_SECRET_ID'))
  .handler(async (event) => reconcile(event.time ? new Date(event.time) : new Date()));
