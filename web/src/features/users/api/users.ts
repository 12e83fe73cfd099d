// The account calls of the users API (lambdas/users); GET /api/me is in me.ts, the master setup in master.ts.
import type { Profile } from '../../../../../shared/api-types';
import type { ProfileInput, SignUpInput } from '../../../../../shared/auth';
import { api } from '../../../lib/api';

export const updateProfile = (input: ProfileInput) => api.put<Profile>('/me/profile', input);

export const signUp = (input: SignUpInput) => api.post<{ user_id: string }>('/auth/sign-up', input, { auth: false });

/** After the authenticator's set-up: the API asks Cognito and records whether TOTP is on (the browser's word is not taken). */
export const recheckMfa = () => api.post<{ mfa_enabled: boolean }>('/me/mfa');
