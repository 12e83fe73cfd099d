// `npm test`: lint, typecheck, the web build, unit + integration + infra (vitest), then e2e
// (Playwright with Debian's Chromium). Every stage runs; the last line sums the tests.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureXmllint } from './support/debian-tools';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'portal-reports-'));

interface Stage {
  name: string;
  ok: boolean;
  seconds: number;
  passed?: number;
  failed?: number;
}
const stages: Stage[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  stages.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

const started = Date.now();
run('lint', bin('eslint'), ['.']);
run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
const built = run('web build', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);

// The sitemap tests validate against the schemas with xmllint.
ensureXmllint();
const vitestReport = path.join(reports, 'vitest.json');
run('unit, integration, infra', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  Object.assign(stages[stages.length - 1]!, { passed: report.numPassedTests, failed: report.numFailedTests });
}

const browser = ensureChromium();
if (!built || !browser) {
  stages.push({ name: 'e2e', ok: false, seconds: 0 });
} else {
  const e2eReport = path.join(reports, 'e2e.json');
  run('e2e', bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts'], { CHROMIUM_PATH: browser, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    Object.assign(stages[stages.length - 1]!, { passed: stats.expected + stats.flaky, failed: stats.unexpected });
  }
}

console.log('\n━━ resumo ━━');
for (const stage of stages) {
  const counts = stage.passed === undefined ? '' : ` (${stage.passed} passaram, ${stage.failed} falharam)`;
  console.log(`${stage.ok ? 'ok   ' : 'FALHA'} ${stage.name.padEnd(26)} ${stage.seconds.toFixed(1).padStart(6)} s${counts}`);
}
const passed = stages.reduce((sum, stage) => sum + (stage.passed ?? 0), 0);
const failed = stages.reduce((sum, stage) => sum + (stage.failed ?? (stage.ok ? 0 : 1)), 0);
console.log(`Tempo total: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(stages.every((stage) => stage.ok) ? 0 : 1);
