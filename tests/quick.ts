// `npm run test:quick`, the edit loop: ESLint on the files changed since the last commit (and new ones),
// the typecheck and the unit tests, the last two side by side. No runtime, no browser.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;

function git(args: string[]): string[] {
  return spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
}

function run(name: string, command: string, args: string[]): Promise<{ name: string; ok: boolean; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

const started = Date.now();
const changed = [...new Set([...git(['diff', '--name-only', '--diff-filter=d', 'HEAD']), ...git(['ls-files', '--others', '--exclude-standard'])])].filter((file) => LINTED.test(file));
const results = await Promise.all([
  changed.length > 0 ? run(`lint (${changed.length} arquivos alterados)`, bin('eslint'), changed) : Promise.resolve({ name: 'lint (nada alterado)', ok: true, seconds: 0 }),
  run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  run('unit', bin('vitest'), ['run', '--project', 'unit']),
]);
console.log('\n━━ resumo ━━');
for (const result of results) console.log(`${result.ok ? 'ok   ' : 'FALHA'} ${result.name.padEnd(34)} ${result.seconds.toFixed(1).padStart(6)} s`);
console.log(`Tempo total: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
