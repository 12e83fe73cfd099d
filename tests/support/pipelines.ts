// Waiting for the runtime's event pipelines instead of the clock: a test that checks that something
// did NOT happen first waits until the workers have handled every event that could have done it.
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { eventually } from './api';

const COUNTS = ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'] as const;

/**
 * Resolves once the named pipelines' queues (lambdas/contexts.ts names) hold no message, waiting,
 * in flight or delayed: every event that had reached them when this was called has been handled
 * (or given up to its DLQ). An event still on its way from the table's stream is not covered: wait
 * first for the effect of a later write (the stream is read in order), then for this.
 */
export async function pipelinesDrained(ports: { gateway: number }, pipelines: readonly string[], timeoutMs = 20_000): Promise<void> {
  // The SQS stand-in: the gateway's port + 4, the local account (infra/local/config.ts, standins.ts).
  const endpoint = `http://127.0.0.1:${ports.gateway + 4}`;
  const sqs = new SQSClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const busy = async (pipeline: string) => {
    const { Attributes = {} } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: `${endpoint}/000000000000/portal-${pipeline}`, AttributeNames: [...COUNTS] }));
    return COUNTS.some((name) => Number(Attributes[name] ?? 0) > 0);
  };
  try {
    await eventually(async () => ((await Promise.all(pipelines.map(busy))).some(Boolean) ? undefined : true), timeoutMs);
  } finally {
    sqs.destroy();
  }
}
