// The master setup calls (spec 6): only /become-master uses them.
import type { MasterStatus } from '../../../../../shared/api-types';
import type { Role } from '../../../../../shared/roles';
import { api } from '../../../lib/api';

export const fetchMasterStatus = (signal?: AbortSignal) => api.get<MasterStatus>('/master', { auth: false, signal });

export const claimMaster = () => api.post<{ roles: Role[] }>('/master/claim');
