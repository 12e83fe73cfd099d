// The stages of a test command (npm test, npm run test:quick): each one timed, for the summary at the end.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export interface Stage {
  name: string;
  ok: boolean;
  seconds: number;
  passed?: number;
  failed?: number;
}

export interface StageCommand {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Runs stages side by side, each line of their output as it comes, behind the stage's name. */
export function runTogether(stages: Stage[], commands: StageCommand[]): Promise<boolean[]> {
  return Promise.all(
    commands.map(
      ({ name, command, args, env = {} }) =>
        new Promise<boolean>((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
          const prefix = `[${name}] `;
          for (const stream of [child.stdout, child.stderr]) {
            let rest = '';
            stream.on('data', (chunk: Buffer) => {
              const lines = (rest + chunk.toString()).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) console.log(prefix + line);
            });
            stream.on('end', () => rest && console.log(prefix + rest));
          }
          child.on('close', (code) => {
            stages.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
            resolve(code === 0);
          });
        }),
    ),
  );
}

/** The summary: one line a stage with its time (and counts), then the total time. */
export function printSummary(stages: Stage[], started: number): void {
  console.log('\n━━ resumo ━━');
  for (const stage of stages) {
    const counts = stage.passed === undefined ? '' : ` (${stage.passed} passaram, ${stage.failed} falharam)`;
    console.log(`${stage.ok ? 'ok   ' : 'FALHA'} ${stage.name.padEnd(34)} ${stage.seconds.toFixed(1).padStart(6)} s${counts}`);
  }
  console.log(`Tempo total: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
