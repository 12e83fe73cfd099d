// Which runtime an integration test file talks to. The integration project's global-setup starts one
// runtime per vitest worker, so integration files run side by side while each runtime still serves one
// file at a time (the checks on an empty or a quiet system hold); the drill's setup hands its one
// runtime to every worker.
import { inject } from 'vitest';
import type { RuntimePorts } from './runtime';

/** What a test file may know of its runtime (the setups provide it as `runtimes`). */
export interface ProvidedRuntime {
  baseUrl: string;
  mailApiUrl: string;
  ports: RuntimePorts;
  dataDir: string;
}

/** The runtime of the worker running this file: VITEST_POOL_ID (1..maxWorkers) is never shared by two files running at once. */
export function workerRuntime(): ProvidedRuntime {
  const runtimes = inject('runtimes');
  const id = Number(process.env.VITEST_POOL_ID);
  const runtime = runtimes[id - 1];
  if (!runtime) throw new Error(`no runtime for vitest worker ${process.env.VITEST_POOL_ID} (${runtimes.length} started)`);
  return runtime;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index = VITEST_POOL_ID - 1. */
    runtimes: ProvidedRuntime[];
  }
}
