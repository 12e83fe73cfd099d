// The failure drill's own runtime (vitest.config.ts, project 'drill'): empty, with the drill's queue
// retried every few seconds instead of its contract's 60 (infra/local/pollers.ts), the receives unchanged.
// Whichever worker runs the drill gets this runtime.
import type { TestProject } from 'vitest/node';
import { startRuntime } from '../support/runtime';
import { provided, workerCount } from './global-setup';

/** The pipeline the failure drill breaks, and how long its messages stay invisible between receives there. */
export const DRILL_PIPELINE = 'welcome-mail';
export const DRILL_RETRY_SECONDS = 5;

export default async function setup(project: TestProject) {
  const runtime = await startRuntime({ empty: true, env: { PORTAL_LOCAL_RETRY_SECONDS: `${DRILL_PIPELINE}=${DRILL_RETRY_SECONDS}` } });
  project.provide('runtimes', Array.from({ length: workerCount(project) }, () => provided(runtime)));
  return () => runtime.stop();
}
