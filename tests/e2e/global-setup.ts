// Starts the local runtime with no demo data (fresh data folder, free ports) and hands its URL to the
// tests through E2E_BASE_URL; the returned teardown stops it. When E2E_BASE_URL is already set, the
// tests run against that server instead (it must be an empty system for 01-master-claim).
import { startRuntime } from '../support/runtime';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  // Ads switched on (PORTAL_ADS=1, as `portal:ads` on AWS): the CSP admits Google's ad tag, which loads
  // only with the reader's consent (24-privacy); every other spec browses as a reader who refused it.
  const runtime = await startRuntime({ empty: true, build: true, env: { PORTAL_ADS: '1' } });
  process.env.E2E_BASE_URL = runtime.baseUrl;
  process.env.E2E_MAIL_API_URL = runtime.mailApiUrl;
  // Specs that are not about paying or about the admin grant roles and subscriptions in the table.
  process.env.E2E_DYNAMODB_PORT = String(runtime.ports.dynamodb);
  // The payment providers' sandboxes (their clock, for a subscription that must end).
  process.env.E2E_STRIPE_URL = `http://127.0.0.1:${runtime.ports.stripe}`;
  return () => runtime.stop();
}
