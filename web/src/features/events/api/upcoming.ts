// GET /api/events/upcoming: the home's strip. Apart from the other event calls so the home's first load carries nothing else.
import type { EventCards } from '../../../../../shared/events';
import { api } from '../../../lib/api';

export function fetchUpcomingEvents(signal?: AbortSignal): Promise<EventCards> {
  return api.get<EventCards>('/events/upcoming', { auth: false, signal });
}
