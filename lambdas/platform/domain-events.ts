// Domain events: each context declares the events it emits (a catalogue of detail schemas, in its
// events.ts) and maps its committed item changes to them; the outbox publishes what the mappers return.
import type { z } from 'zod';
import type { EventSpec } from './contract';

export type EventCatalogue = Record<string, EventSpec>;
export type EventDetail<C extends EventCatalogue, N extends keyof C> = z.output<C[N]['detail']>;

export interface ItemChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

export interface DomainEvent {
  name: string;
  source: string;
  detail: Record<string, unknown>;
}

export function domainEvent<C extends EventCatalogue, N extends keyof C & string>(catalogue: C, name: N, detail: EventDetail<C, N>): DomainEvent {
  // Parsing here keeps every published detail true to the catalogue's schema.
  return { name, source: catalogue[name]!.source, detail: catalogue[name]!.detail.parse(detail) as Record<string, unknown> };
}

export type ChangeMapper = (change: ItemChange) => DomainEvent[];

/**
 * Whether an event may change what the public sees: a deletion says whether the thing `was_published`,
 * a status change `from` and `to` (a move between draft and review changes nothing public); any
 * other event (published, updated, an import completed) may.
 */
export function touchesPublished(detail: object): boolean {
  if ('was_published' in detail) return detail.was_published === true;
  return !('from' in detail && 'to' in detail) || detail.from === 'published' || detail.to === 'published';
}
