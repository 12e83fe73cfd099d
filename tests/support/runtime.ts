// Starts the local runtime for a test run: its own free ports and its own data in a temp folder,
// in a child process (the runtime sets process-wide environment for its handlers).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The gateway's port and those after it (infra/local/config.ts). */
const PORTS_PER_RUNTIME = 16;

/** The runtime's ports a test may reach (infra/local/config.ts numbers them from the gateway's). */
export interface RuntimePorts {
  gateway: number;
  cognito: number;
  dynamodb: number;
  /** S3 (s3rver): the media and site buckets. */
  s3: number;
  events: number;
  /** SES v2 (the stand-in that forwards to maildev and puts SES's events on the default bus). */
  ses: number;
  stripe: number;
  mercadoPago: number;
}

export interface TestRuntime {
  baseUrl: string;
  mailApiUrl: string;
  /** Environment that points SDK clients and handlers in the test process at this runtime. */
  ports: RuntimePorts;
  dataDir: string;
  /** The runtime's process, leader of the process group its stand-ins, pollers and JVM run in. */
  pid: number;
  /** Null while it runs; else how it ended and the end of what it printed (for a run that lost its server). */
  ended(): { code: number | null; signal: string | null; output: string } | null;
  stop(): Promise<void>;
  /** SIGKILL to the runtime and every process it started (the JVM, the stand-ins): nothing shuts down cleanly; the data stays. */
  kill(): Promise<void>;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below 32768, where Linux starts handing out ports to outgoing connections: a block above could
    // be free when checked and taken by a connection a moment later.
    const base = 20_000 + Math.floor(Math.random() * 750) * PORTS_PER_RUNTIME;
    const checks = await Promise.all(Array.from({ length: PORTS_PER_RUNTIME }, (_, index) => isFree(base + index)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free block of ports found');
}

export interface RuntimeOptions {
  empty?: boolean;
  build?: boolean;
  /** Start on this data (a runtime killed before) instead of a fresh folder, on the same ports. */
  resume?: { dataDir: string; base: number };
  /** More environment for the runtime and its handlers. */
  env?: Record<string, string>;
  /** How long to wait for it to be ready (2 minutes unless told). */
  startTimeoutMs?: number;
}

export function startRuntime(options: RuntimeOptions = {}): Promise<TestRuntime> {
  return launchRuntime(options).then((launch) => launch.ready);
}

/** Starts a runtime and tells its gateway port at once, before it is ready (for tests of the start itself). */
export async function launchRuntime(options: RuntimeOptions = {}): Promise<{ gatewayPort: number; ready: Promise<TestRuntime> }> {
  const base = options.resume?.base ?? (await freeBase());
  return { gatewayPort: base, ready: runOn(base, options) };
}

/** SIGKILL to a runtime's whole process group: the JVM and the stand-ins it started go with it (none is left holding a port). */
function killGroup(pid: number | undefined): void {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function runOn(base: number, options: RuntimeOptions): Promise<TestRuntime> {
  const dataDir = options.resume?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const readyFile = path.join(dataDir, 'ready.json');
  rmSync(readyFile, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'infra/local/start.ts'), ...(options.empty ? ['--empty'] : [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(base),
      PORTAL_DATA_DIR: dataDir,
      PORTAL_READY_FILE: readyFile,
      PORTAL_SKIP_BUILD: options.build ? '0' : '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: kill() reaches the processes it starts.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (!existsSync(readyFile)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      killGroup(child.pid);
      throw new Error(`local runtime did not start:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as { url: string; mailUrl: string };
  return {
    baseUrl: ready.url,
    mailApiUrl: ready.mailUrl,
    ports: { gateway: base, cognito: base + 1, dynamodb: base + 2, s3: base + 3, events: base + 5, ses: base + 13, stripe: base + 10, mercadoPago: base + 11 },
    dataDir,
    pid: child.pid!,
    ended: () => (child.exitCode === null && child.signalCode === null ? null : { code: child.exitCode, signal: child.signalCode, output: output.slice(-3000) }),
    // Its data is thrown away: the whole group is killed at once rather than waiting for workers
    // midway through a batch to finish (up to 10 s at the end of a file or a stage). Under
    // `npm run coverage` it stops cleanly, as Node writes a process's V8 coverage only when it exits.
    stop: async () => {
      if (process.env.NODE_V8_COVERAGE) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => killGroup(child.pid), 10_000);
        await exited;
        clearTimeout(timer);
      }
      killGroup(child.pid);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      killGroup(child.pid);
      await exited;
    },
  };
}
