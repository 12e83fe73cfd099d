// The sandbox's state: one JSON document, rewritten after each change so a restart keeps customers,
// subscriptions, payments, the webhook log and the sandbox clock.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MercadoPagoState } from './mercadopago';
import type { StripeState } from './stripe';
import type { WebhookState } from './webhooks';

export interface SandboxState {
  version: 1;
  /** How far the sandbox clock runs ahead of the wall clock (advance only ever adds). */
  clockOffsetMs: number;
  counters: Record<string, number>;
  stripe: StripeState;
  mercadoPago: MercadoPagoState;
  webhooks: WebhookState;
}

export class Store {
  private constructor(
    readonly file: string,
    public state: SandboxState,
  ) {}

  static open(file: string, fresh: () => SandboxState, log: (line: string) => void): Store {
    const empty = fresh();
    if (!existsSync(file)) return new Store(file, empty);
    try {
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxState>;
      // Section by section, so a file written by an older sandbox still gains new collections.
      return new Store(file, {
        ...empty,
        ...loaded,
        counters: { ...empty.counters, ...loaded.counters },
        stripe: { ...empty.stripe, ...loaded.stripe },
        mercadoPago: { ...empty.mercadoPago, ...loaded.mercadoPago },
        webhooks: { ...empty.webhooks, ...loaded.webhooks },
      });
    } catch (error) {
      log(`[payments-sandbox] estado ilegível em ${file}, começando vazio: ${(error as Error).message}`);
      return new Store(file, empty);
    }
  }

  save(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    // Write then rename, so a crash mid-write never leaves half a document behind.
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.file);
  }

  replace(state: SandboxState): void {
    this.state = state;
    this.save();
  }

  /** The sandbox clock, in milliseconds. */
  now(): number {
    return Date.now() + this.state.clockOffsetMs;
  }

  /** The sandbox clock in unix seconds, as Stripe stamps its objects. */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.state.clockOffsetMs += Math.max(0, ms);
  }

  /** The next number of a sequence (payment ids, event ids, invoice numbers). */
  next(counter: string, start: number): number {
    const value = (this.state.counters[counter] ?? start - 1) + 1;
    this.state.counters[counter] = value;
    return value;
  }
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomToken(length: number, alphabet = ALPHANUMERIC): string {
  let token = '';
  for (const byte of randomBytes(length)) token += alphabet[byte % alphabet.length];
  return token;
}

/** Ids shaped like Stripe's, e.g. stripeId('sub_1', 23) → sub_1Q2w3E…; cus_ ids carry 14 characters. */
export const stripeId = (prefix: string, length = 24): string => `${prefix}${randomToken(length)}`;

/** Adds calendar months, keeping the day of the month or the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

export const clone = <T>(value: T): T => structuredClone(value);
