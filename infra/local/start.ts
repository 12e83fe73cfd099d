// `npm start`: the whole portal on http://localhost:3000 (PORT overrides) with demo content.
// `npm start -- --empty` (or PORTAL_DEMO=off) starts with no demo data; `npm run dev` adds Vite's hot reload.
// First: the Lambdas' logger and metrics read it when lambdas/platform is first imported.
import './powertools-env';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startBanner } from './banner';
import { loadConfig, type LocalConfig } from './config';
import { MissingJavaError } from './dynamodb';
import { DEMO_AD_MANAGER_NETWORK_CODE, DEMO_GA4_PROPERTY_ID, DEMO_SERVICE_ACCOUNT_FILE } from './google';
import { PortBusyError, preflight, startRuntime } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoTotpFile, readDemoTotp } from './seed';

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when the build is missing or older than its sources. */
function ensureWebBuild(config: LocalConfig) {
  const index = path.join(config.root, 'web/dist/index.html');
  const sources = Math.max(newestMtime(path.join(config.root, 'web/src')), newestMtime(path.join(config.root, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Gerando a versão web (vite build)...');
  const result = spawnSync(process.execPath, [path.join(config.root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: config.root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('A geração da versão web falhou (veja acima).');
}

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
