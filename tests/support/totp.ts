// Two-step verification for test accounts, through the same calls a person's browser makes: the
// authenticator's set-up (AssociateSoftwareToken, VerifySoftwareToken with a code computed from the
// secret, SetUserMFAPreference) through the gateway's /cognito, then the API's re-check.
import { generateSync } from 'otplib';
import type { PortalClient } from './api';

/** The six-digit code an authenticator app shows for the secret (RFC 6238: SHA-1, 30 s), now or at `epochSeconds`. */
export function totpCode(secret: string, epochSeconds?: number): string {
  return generateSync({ secret, algorithm: 'sha1', digits: 6, period: 30, ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }) });
}

/** Sets up an authenticator app for the signed-in user and has the API record it; returns the secret. */
export async function enrolTotp(client: PortalClient, accessToken: string): Promise<string> {
  const associated = await client.cognito('AssociateSoftwareToken', { AccessToken: accessToken });
  const secret = (associated.body as { SecretCode?: string }).SecretCode;
  if (associated.status !== 200 || !secret) throw new Error(`AssociateSoftwareToken failed: ${associated.text}`);
  const verified = await client.cognito('VerifySoftwareToken', { AccessToken: accessToken, UserCode: totpCode(secret), FriendlyDeviceName: 'testes' });
  if (verified.status !== 200) throw new Error(`VerifySoftwareToken failed: ${verified.text}`);
  const preferred = await client.cognito('SetUserMFAPreference', { AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  if (preferred.status !== 200) throw new Error(`SetUserMFAPreference failed: ${preferred.text}`);
  const checked = await client.request('POST', '/api/me/mfa', { token: accessToken });
  if (checked.status !== 200 || checked.body.mfa_enabled !== true) throw new Error(`POST /api/me/mfa failed: ${checked.text}`);
  return secret;
}
