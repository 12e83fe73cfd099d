export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `probe` until it resolves or the time is up. */
export async function waitFor<T>(what: string, probe: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await probe();
    } catch (error) {
      lastError = error;
      await sleep(150);
    }
  }
  throw new Error(`${what} não respondeu em ${timeoutMs / 1000} s: ${(lastError as Error)?.message ?? lastError}`);
}
