// One empty runtime per vitest worker (tests/support/worker-runtime.ts), started side by side.
import type { TestProject } from 'vitest/node';
import { startRuntime, type TestRuntime } from '../support/runtime';
import type { ProvidedRuntime } from '../support/worker-runtime';

export const provided = (runtime: TestRuntime): ProvidedRuntime => ({ baseUrl: runtime.baseUrl, mailApiUrl: runtime.mailApiUrl, ports: runtime.ports, dataDir: runtime.dataDir });

/** How many files of the project can run at once: the pool hands out VITEST_POOL_ID 1..this. */
export const workerCount = (project: TestProject): number => project.config.maxWorkers || project.globalConfig.maxWorkers;

/** The project's files this run (the command line's file filters; vitest keeps them internally). */
async function filesToRun(project: TestProject): Promise<number> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  return (await project.globTestFiles(filters)).testFiles.length;
}

export default async function setup(project: TestProject) {
  const workers = workerCount(project);
  // A single file (the edit loop) runs on one runtime, whichever worker takes it.
  const count = (await filesToRun(project)) === 1 ? 1 : workers;
  const started = await Promise.allSettled(Array.from({ length: count }, () => startRuntime({ empty: true })));
  const runtimes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(runtimes.map((runtime) => runtime.stop()));
    throw failed.reason;
  }
  project.provide('runtimes', Array.from({ length: workers }, (_, index) => provided(runtimes[index % count]!)));
  return () => Promise.all(runtimes.map((runtime) => runtime.stop())).then(() => undefined);
}
