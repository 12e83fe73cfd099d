// What the parts of `npm run bench` share: progress on stderr, statistics, and one measurement at a
// time that reports its failure in its place.
import { gzipSync } from 'node:zlib';

export type Failure = { error: string };

export const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
/** zlib's default level, as `npm run build` prints sizes and the local gateway compresses. */
export const gzipSize = (data: Buffer) => gzipSync(data).length;
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
export const round = (value: number, digits = 0) => Number(value.toFixed(digits));
export const failed = <T extends object>(result: T | Failure): result is Failure => 'error' in result;

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p90 of 15 values is the 14th smallest). */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Median and p90 in milliseconds, to a tenth. */
export function spread(values: number[]) {
  const at = (value: number | null) => (value === null ? null : round(value, 1));
  return { median: at(median(values)), p90: at(percentile(values, 90)), min: at(values.length ? Math.min(...values) : null), max: at(values.length ? Math.max(...values) : null) };
}

/** Runs one measurement; a failure is reported in its place and the bench goes on. */
export async function measure<T>(name: string, run: () => Promise<T>): Promise<T | Failure> {
  const started = Date.now();
  log(`${name}...`);
  try {
    const result = await run();
    log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    log(`${name}: failed: ${(error as Error).stack ?? String(error)}`);
    return { error: (error as Error).message ?? String(error) };
  }
}
