// Accounts in Cognito. Self sign-up is off in the user pool: the portal's sign-up route is the only way
// in, so the API applies the spec's rules before an account exists.
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../platform/clients';
import { env } from '../platform/env';
import { badRequest } from '../platform/errors';

/** Creates a confirmed account that can sign in at once; returns its `sub`, or undefined when the e-mail already has an account. */
export async function createAccount(email: string, password: string, fullName: string): Promise<string | undefined> {
  const poolId = env('USER_POOL_ID');
  let sub: string | undefined;
  try {
    const created = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: fullName },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    await cognito()
      .send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }))
      .catch(async (error: unknown) => {
        // An account without its password is useless: undo the creation before reporting.
        await deleteAccount(email);
        throw error;
      });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'UsernameExistsException') return undefined;
    if (name === 'InvalidPasswordException') throw badRequest((error as Error).message, 'password');
    throw error;
  }
  if (!sub) throw new Error('Cognito returned no sub for the new account');
  return sub;
}

export async function deleteAccount(email: string): Promise<void> {
  await cognito().send(new AdminDeleteUserCommand({ UserPoolId: env('USER_POOL_ID'), Username: email }));
}

/**
 * Whether Cognito has a verified, enabled authenticator app (TOTP) for the user: read with admin
 * rights, so the answer never comes from the browser. In a pool whose sign-in name is the e-mail,
 * the username is the `sub`.
 */
export async function hasVerifiedTotp(userId: string): Promise<boolean> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: env('USER_POOL_ID'), Username: userId }));
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

/**
 * Turns the user's authenticator app off (a staff member who lost their phone): they sign in with the
 * password alone, and set up a new app in /settings before the newsroom's tools open again.
 */
export async function disableTotp(userId: string): Promise<void> {
  await cognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: env('USER_POOL_ID'),
      Username: userId,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}
