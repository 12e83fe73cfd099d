// Keeps one batch worker under its share of SES's send rate: the account's rate (MAIL_SEND_RATE,
// e-mails a second) divided by how many batch workers run at once. A simple per-invocation pacer:
// each send waits until its slot, the slots evenly spaced.

export interface Clock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** E-mails a second one worker may send; never above the account's rate, never zero. */
export function workerRate(accountRate: number, concurrency: number): number {
  const rate = Number.isFinite(accountRate) && accountRate > 0 ? accountRate : 1;
  return rate / Math.max(1, concurrency);
}

/**
 * A function to await before each send: the first goes at once, then one every 1/rate seconds. Each
 * call takes its slot before it waits, so sends awaiting it side by side are spaced all the same.
 */
export function pacer(perSecond: number, clock: Clock = realClock): () => Promise<void> {
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = clock.now();
    const slot = Math.max(now, next);
    next = slot + interval;
    if (slot > now) await clock.sleep(slot - now);
  };
}
