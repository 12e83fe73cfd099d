// Counts the DynamoDB operations one API request makes. The local gateway wraps each handler call in
// `withRequestMetrics`; the DynamoDB client's middleware calls `recordDynamoOperation`. In AWS nothing
// opens a recording, so recording is a no-op there.
import { AsyncLocalStorage } from 'node:async_hooks';

interface Recording {
  operations: string[];
}

const storage = new AsyncLocalStorage<Recording>();

export interface RequestMetrics<T> {
  result: T;
  /** DynamoDB operations in the order they were sent, e.g. ['QueryCommand', 'BatchGetItemCommand']. */
  dynamoOperations: string[];
}

/** Runs `fn` with a fresh recording of its own; nested calls record only into the innermost one. */
export async function withRequestMetrics<T>(fn: () => Promise<T> | T): Promise<RequestMetrics<T>> {
  const recording: Recording = { operations: [] };
  const result = await storage.run(recording, fn);
  return { result, dynamoOperations: [...recording.operations] };
}

/** Notes one DynamoDB command in the current recording, if there is one. */
export function recordDynamoOperation(commandName: string): void {
  storage.getStore()?.operations.push(commandName);
}
