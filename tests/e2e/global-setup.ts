// Makes the web build the runtimes serve, once, before the workers start (fixtures.ts: each worker starts
// its own runtime, empty, on free ports). When E2E_BASE_URL is already set, the tests run against that
// server instead (it must be an empty system for 00-home and 01-master-claim; run it with E2E_WORKERS=1).
import { ensureWebBuild } from '../../infra/local/web-build';
import { ROOT } from '../support/stages';

export default function globalSetup(): void {
  if (process.env.E2E_BASE_URL) return;
  ensureWebBuild({ root: ROOT });
}
