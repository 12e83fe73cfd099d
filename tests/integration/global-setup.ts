import type { TestProject } from 'vitest/node';
import { startRuntime, type RuntimePorts } from '../support/runtime';

export default async function setup(project: TestProject) {
  const runtime = await startRuntime({ empty: true });
  project.provide('runtime', { baseUrl: runtime.baseUrl, mailApiUrl: runtime.mailApiUrl, ports: runtime.ports, dataDir: runtime.dataDir });
  return () => runtime.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: { baseUrl: string; mailApiUrl: string; ports: RuntimePorts; dataDir: string };
  }
}
