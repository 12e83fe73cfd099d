// POST /api/applications (lambdas/applications): anyone may apply; a session, when there is one, is sent.
import type { AuthorApplicationInput } from '../../../../../shared/applications';
import { api } from '../../../lib/api';

export const submitApplication = (input: AuthorApplicationInput) =>
  api.post<{ id: string; status: 'pending'; created_at: string }>('/applications', input);
