// `npm start`: the whole portal on http://localhost:3000 (PORT overrides) with demo content.
// `npm start -- --empty` (or PORTAL_DEMO=off) starts with no demo data; `npm run dev` adds Vite's hot reload.
// First: the Lambdas' logger and metrics read it when lambdas/platform is first imported.
import './powertools-env';
import path from 'node:path';
import { startBanner } from './banner';
import { loadConfig } from './config';
import { MissingJavaError } from './dynamodb';
import { DEMO_AD_MANAGER_NETWORK_CODE, DEMO_GA4_PROPERTY_ID, DEMO_SERVICE_ACCOUNT_FILE } from './google';
import { PortBusyError, preflight, startRuntime } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoTotpFile, readDemoTotp } from './seed';
import { ensureWebBuild } from './web-build';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  // The render function uses React's production build, as its bundle does on AWS (renderer.ts);
  // `npm run dev` keeps the development one for its warnings.
  if (!config.dev) process.env.NODE_ENV ??= 'production';
  // Fail fast, before the web build, on what the user must fix.
  await preflight(config);
  if (!config.dev && process.env.PORTAL_SKIP_BUILD !== '1') ensureWebBuild(config);
  const runtime = await startRuntime(config);
  let devUrl: string | undefined;
  let closeDev: (() => Promise<void>) | undefined;
  if (config.dev) {
    process.env.PORTAL_GATEWAY = runtime.url;
    const { createServer } = await import('vite');
    const vite = await createServer({ configFile: path.join(config.root, 'web/vite.config.ts') });
    await vite.listen();
    devUrl = vite.resolvedUrls?.local[0];
    closeDev = () => vite.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = startBanner({
    config,
    seconds,
    url: runtime.url,
    mailUrl: runtime.mailUrl,
    devUrl,
    accounts: DEMO_ACCOUNTS.map((account) => ({ ...account, totpSecret: readDemoTotp(demoTotpFile(config.dataDir))[account.email] })),
    password: DEMO_PASSWORD,
    google: { keyFile: DEMO_SERVICE_ACCOUNT_FILE, propertyId: DEMO_GA4_PROPERTY_ID, networkCode: DEMO_AD_MANAGER_NETWORK_CODE },
  });
  console.log(lines.join('\n'));
  if (process.env.PORTAL_READY_FILE) (await import('node:fs')).writeFileSync(process.env.PORTAL_READY_FILE, JSON.stringify({ url: runtime.url, mailUrl: runtime.mailUrl }));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nParando o Portal Plural...');
    await closeDev?.();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof PortBusyError || error instanceof MissingJavaError) console.error(error.message);
  else console.error(`Não foi possível iniciar o portal: ${process.env.PORTAL_DEBUG ? ((error as Error).stack ?? error) : ((error as Error).message ?? error)}`);
  process.exit(1);
});
