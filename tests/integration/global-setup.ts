import type { TestProject } from 'vitest/node';
import { startRuntime, type RuntimePorts } from '../support/runtime';

/** The pipeline the failure drill breaks, and how long its messages stay invisible between receives there. */
export const DRILL_PIPELINE = 'welcome-mail';
export const DRILL_RETRY_SECONDS = 10;

export default async function setup(project: TestProject) {
  // The failure drill's queue retries every 10 s instead of its contract's 60 (infra/local/pollers.ts).
  const runtime = await startRuntime({ empty: true, env: { PORTAL_LOCAL_RETRY_SECONDS: `${DRILL_PIPELINE}=${DRILL_RETRY_SECONDS}` } });
  project.provide('runtime', { baseUrl: runtime.baseUrl, mailApiUrl: runtime.mailApiUrl, ports: runtime.ports, dataDir: runtime.dataDir });
  return () => runtime.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: { baseUrl: string; mailApiUrl: string; ports: RuntimePorts; dataDir: string };
  }
}
