// Starts one local runtime per Playwright worker with no demo data (fresh data folder, free ports) and
// hands them to the workers through E2E_RUNTIMES (fixtures.ts gives each worker its own); the returned
// teardown stops them. When E2E_BASE_URL is already set, the tests run against that server instead
// (it must be an empty system for 00-home and 01-master-claim; run it with E2E_WORKERS=1).
import type { FullConfig } from '@playwright/test';
import { startRuntime, type TestRuntime } from '../support/runtime';

/** What a worker needs of its runtime, as the environment the specs read. */
export type WorkerEnvironment = Record<'E2E_BASE_URL' | 'E2E_MAIL_API_URL' | 'E2E_DYNAMODB_PORT' | 'E2E_STRIPE_URL', string>;

const environmentOf = (runtime: TestRuntime): WorkerEnvironment => ({
  E2E_BASE_URL: runtime.baseUrl,
  E2E_MAIL_API_URL: runtime.mailApiUrl,
  // Specs that are not about paying or about the admin grant roles and subscriptions in the table.
  E2E_DYNAMODB_PORT: String(runtime.ports.dynamodb),
  // The payment providers' sandboxes (their clock, for a subscription that must end).
  E2E_STRIPE_URL: `http://127.0.0.1:${runtime.ports.stripe}`,
});

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  // Ads switched on (PORTAL_ADS=1, as `portal:ads` on AWS): the CSP admits Google's ad tag, which loads
  // only with the reader's consent (24-privacy); every other spec browses as a reader who refused it.
  const env = { PORTAL_ADS: '1' };
  // The first start builds the web app if it is stale; the others serve that build.
  const first = await startRuntime({ empty: true, build: true, env });
  const others = await Promise.allSettled(Array.from({ length: Math.max(config.workers, 1) - 1 }, () => startRuntime({ empty: true, env })));
  const runtimes = [first, ...others.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))];
  const stopAll = () => Promise.all(runtimes.map((runtime) => runtime.stop())).then(() => undefined);
  const failed = others.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  process.env.E2E_RUNTIMES = JSON.stringify(runtimes.map(environmentOf));
  return stopAll;
}
