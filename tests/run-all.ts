// `npm test`: lint, typecheck and the web build side by side, then unit + integration + infra + build
// (vitest; the build project holds the islands' budget on web/dist, so it runs after the build) beside e2e (Playwright with Debian's Chromium). Every stage runs; the summary gives each stage's time and
// the last line sums the tests.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureXmllint } from './support/debian-tools';
import { bin, printSummary, runTogether, type Stage } from './support/stages';

const reports = mkdtempSync(path.join(tmpdir(), 'portal-reports-'));
const stages: Stage[] = [];
const started = Date.now();

// Lint, typecheck and the web build read the same files and write nothing the others read.
const [, , built] = await runTogether(stages, [
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'web build', command: bin('vite'), args: ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'] },
]);

// The sitemap tests validate against the schemas with xmllint; the e2e suite drives Debian's Chromium.
ensureXmllint();
const browser = ensureChromium();
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'e2e.json');
// The vitest suites (one runtime per worker, and the drill's) and the e2e suite (one runtime per worker)
// start their runtimes on free ports, and spend most of their time waiting on pipelines and the browser:
// side by side, they share the two cores.
await runTogether(stages, [
  { name: 'unit, integration, infra, build', command: bin('vitest'), args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`] },
  ...(built && browser ? [{ name: 'e2e', command: bin('playwright'), args: ['test', '-c', 'tests/e2e/playwright.config.ts'], env: { CHROMIUM_PATH: browser, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport } }] : []),
]);
if (!built || !browser) stages.push({ name: 'e2e', ok: false, seconds: 0 });
const stage = (name: string) => stages.find((entry) => entry.name === name)!;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  Object.assign(stage('unit, integration, infra, build'), { passed: report.numPassedTests, failed: report.numFailedTests });
}
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  Object.assign(stage('e2e'), { passed: stats.expected + stats.flaky, failed: stats.unexpected });
}

printSummary(stages, started);
const passed = stages.reduce((sum, stage) => sum + (stage.passed ?? 0), 0);
const failed = stages.reduce((sum, stage) => sum + (stage.failed ?? (stage.ok ? 0 : 1)), 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(stages.every((stage) => stage.ok) ? 0 : 1);
