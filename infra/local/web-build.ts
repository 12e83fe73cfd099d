// The web build the local runtime serves: made again when missing or older than its sources (`npm start`,
// and the e2e suite's setup before its workers start their runtimes).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LocalConfig } from './config';

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
export function ensureWebBuild(config: Pick<LocalConfig, 'root'>) {
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
