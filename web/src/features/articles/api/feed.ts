// GET /api/home: the public home feed. Apart from the other article calls so the home's first load carries nothing else.
import type { HomeFeed } from '../../../../../shared/api-types';
import { api } from '../../../lib/api';

export function fetchHomeFeed(city: string | null, signal?: AbortSignal): Promise<HomeFeed> {
  const path = city ? `/home?city=${encodeURIComponent(city)}` : '/home';
  return api.get<HomeFeed>(path, { auth: false, signal });
}
