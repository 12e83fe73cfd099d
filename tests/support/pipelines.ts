// Waiting for the runtime's event pipelines instead of the clock: a test that checks that something
// did NOT happen first waits until the workers have handled every event that could have done it.
import { GetQueueAttributesCommand, ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { eventually } from './api';

const COUNTS = ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'] as const;

/**
 * Resolves once no pipeline queue of the runtime holds a message, waiting, in flight or delayed:
 * every event that had reached a queue when this was called has been handled (or was given up to
 * its DLQ, which is left out). An event still on its way from the table's stream is not covered:
 * wait first for the effect of a later write (the stream is read in order), then for this.
 */
export async function pipelinesDrained(ports: { gateway: number }, timeoutMs = 20_000): Promise<void> {
  // The SQS stand-in: the gateway's port + 4 (infra/local/config.ts).
  const sqs = new SQSClient({ endpoint: `http://127.0.0.1:${ports.gateway + 4}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({ MaxResults: 1000 }));
    const pipelines = QueueUrls.filter((url) => !url.endsWith('-dlq'));
    const busy = async (url: string) => {
      const { Attributes = {} } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: [...COUNTS] }));
      return COUNTS.some((name) => Number(Attributes[name] ?? 0) > 0);
    };
    await eventually(async () => ((await Promise.all(pipelines.map(busy))).some(Boolean) ? undefined : true), timeoutMs);
  } finally {
    sqs.destroy();
  }
}
