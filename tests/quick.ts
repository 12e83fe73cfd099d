// `npm run test:quick`, the edit loop: ESLint on the files changed since the last commit (and new ones),
// the typecheck and the unit tests, side by side. No runtime, no browser.
import { spawnSync } from 'node:child_process';
import { bin, printSummary, ROOT, runTogether, type Stage } from './support/stages';

const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;
const git = (args: string[]): string[] => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

const started = Date.now();
const stages: Stage[] = [];
const changed = [...new Set([...git(['diff', '--name-only', '--diff-filter=d', 'HEAD']), ...git(['ls-files', '--others', '--exclude-standard'])])].filter((file) => LINTED.test(file));
const results = await runTogether(stages, [
  ...(changed.length > 0 ? [{ name: `lint (${changed.length} arquivos alterados)`, command: bin('eslint'), args: changed }] : []),
  { name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'unit', command: bin('vitest'), args: ['run', '--project', 'unit', '--project', 'unit-isolated'] },
]);
printSummary(stages, started);
process.exit(results.every(Boolean) ? 0 : 1);
