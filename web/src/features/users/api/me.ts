// GET /api/me: the header reads it on every page, so it sits alone in the first load, apart from users.ts.
import type { Me } from '../../../../../shared/api-types';
import { api } from '../../../lib/api';

export const fetchMe = (signal?: AbortSignal) => api.get<Me>('/me', { signal });
