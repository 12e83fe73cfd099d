// Turning committed item changes into domain events (the outbox): each context maps its own items.
import type { EventDetail, EventName } from '../../shared/events';
import { EVENT_CATALOGUE } from '../../shared/events';

export interface ItemChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

export interface DomainEvent<N extends EventName = EventName> {
  name: N;
  source: string;
  detail: EventDetail<N>;
}

export function domainEvent<N extends EventName>(name: N, detail: EventDetail<N>): DomainEvent<N> {
  // Parsing here keeps every published detail true to the catalogue's schema.
  return { name, source: EVENT_CATALOGUE[name].source, detail: EVENT_CATALOGUE[name].detail.parse(detail) as EventDetail<N> };
}

export type ChangeMapper = (change: ItemChange) => DomainEvent[];
