// `npm run coverage`: V8 line and branch coverage of lambdas/, shared/ and infra/ by the vitest suites
// (unit, integration, infra), and with `-- --e2e` by the e2e suite too. Two measures, because the code
// runs in two kinds of process: the vitest workers (unit tests and the infra synth run the code in
// process: @vitest/coverage-v8 reads them) and the local runtimes the integration and e2e tests start as
// child processes (the handlers, workers and stand-ins: Node writes their V8 coverage to
// NODE_V8_COVERAGE on exit and c8 maps it through tsx's source maps). The two tools remap V8's ranges
// differently, so their maps are not merged: each figure is compared with its own earlier value.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureXmllint } from './support/debian-tools';
import { bin, ROOT } from './support/stages';

const OUT = path.join(ROOT, 'coverage');
const RAW = path.join(OUT, 'runtime-v8');
const INCLUDE = ['lambdas/**', 'shared/**', 'infra/**'];
// The contexts' notes (EVENTS.md, DATA.md) sit beside their code: not code, and not parseable as it.
const EXCLUDE = ['**/*.md'];
const withE2e = process.argv.includes('--e2e');

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

rmSync(OUT, { recursive: true, force: true });
ensureXmllint();
// Every process the tests start inherits NODE_V8_COVERAGE: the runtimes write their coverage there.
const env = { NODE_V8_COVERAGE: RAW };
let ok = run(
  bin('vitest'),
  // Not the build project: it reads web/dist, which this command does not build first.
  ['run', '--project', 'unit', '--project', 'unit-isolated', '--project', 'integration', '--project', 'drill', '--project', 'infra', '--project', 'infra-isolated', '--coverage.enabled', '--coverage.provider=v8', ...INCLUDE.map((glob) => `--coverage.include=${glob}`), ...EXCLUDE.map((glob) => `--coverage.exclude=${glob}`), '--coverage.reporter=json-summary', '--coverage.reportOnFailure', `--coverage.reportsDirectory=${path.join(OUT, 'in-process')}`],
  env,
);
if (withE2e) {
  const browser = ensureChromium();
  ok = run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']) && ok;
  ok = (browser !== undefined && run(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts'], { ...env, CHROMIUM_PATH: browser ?? '' })) && ok;
}
run(bin('c8'), ['report', '--temp-directory', RAW, '--reporter=json-summary', '--report-dir', path.join(OUT, 'runtime'), ...INCLUDE.flatMap((glob) => ['--include', glob]), '--exclude-after-remap']);

interface Totals {
  lines: { covered: number; total: number; pct: number };
  branches: { covered: number; total: number; pct: number };
}
const totals = (folder: string): Totals | undefined => {
  const file = path.join(OUT, folder, 'coverage-summary.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { total: Totals }).total : undefined;
};
console.log(`\n━━ cobertura (lambdas/, shared/, infra/)${withE2e ? ', com e2e' : ''} ━━`);
for (const [label, folder] of [
  ['nos processos do vitest', 'in-process'],
  ['nos runtimes locais', 'runtime'],
] as const) {
  const total = totals(folder);
  if (!total) {
    console.log(`${label.padEnd(26)} sem dados`);
    continue;
  }
  const figure = (part: Totals['lines']) => `${part.pct.toFixed(2)}% (${part.covered}/${part.total})`;
  console.log(`${label.padEnd(26)} linhas ${figure(total.lines)}  ramos ${figure(total.branches)}`);
}
process.exit(ok ? 0 : 1);
