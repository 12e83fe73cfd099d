// The author role for an approved applicant (author-role-worker.ts, on AuthorApplicationApproved): the account with
// that e-mail gets the role; without one, Cognito creates it and e-mails an invitation with a
// temporary password (the pool's pt-BR template), and the profile is written. Every step is
// idempotent, so a retried approval finds what the first one made.
import { AdminCreateUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, cognito } from '../platform/clients';
import { isConditionFailure } from '../platform/errors';
import { env } from '../platform/env';
import { tableName } from '../platform/dynamo';
import { profileEntity, roleEntity } from './store';

const subOf = (attributes: { Name?: string; Value?: string }[] | undefined) => attributes?.find((attribute) => attribute.Name === 'sub')?.Value;

/** The `sub` of the account with this e-mail (the pool's usernames are e-mails), or undefined. */
export async function findAccount(email: string): Promise<string | undefined> {
  try {
    const found = await cognito().send(new AdminGetUserCommand({ UserPoolId: env('USER_POOL_ID'), Username: email }));
    return subOf(found.UserAttributes);
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

/** Creates the account with Cognito's invitation e-mail; undefined when it appeared meanwhile. */
async function inviteAccount(email: string, fullName: string): Promise<string | undefined> {
  try {
    const created = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: env('USER_POOL_ID'),
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: fullName },
        ],
      }),
    );
    return subOf(created.User?.Attributes);
  } catch (error) {
    if ((error as { name?: string }).name === 'UsernameExistsException') return undefined;
    throw error;
  }
}

export async function grantAuthorByEmail({ email, fullName, assignedBy }: { email: string; fullName: string; assignedBy: string }) {
  let userId = await findAccount(email);
  let created = false;
  if (!userId) {
    userId = await inviteAccount(email, fullName);
    created = userId !== undefined;
    userId ??= await findAccount(email);
  }
  if (!userId) throw new Error('Cognito has no account for the approved applicant');
  const now = new Date().toISOString();
  // A new account has no profile yet; an existing one keeps its own. `origin` tells the welcome-mail
  // worker that this author is greeted by the approval e-mail instead.
  const profile = { id: userId, email, full_name: fullName, bio: '', avatar_url: '', payment_account: '', created_at: now, updated_at: now };
  await ddb()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...profileEntity.toItem(profile), origin: 'application' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  // The first grant stands: a repeated approval does not rewrite who assigned the role, or when.
  await ddb()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: roleEntity.toItem({ user_id: userId, role: 'author', assigned_by: assignedBy, created_at: now }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  return { userId, created };
}

/** Whether an account has this e-mail (an approval says if it creates one). */
export async function accountExists(email: string): Promise<boolean> {
  return (await findAccount(email)) !== undefined;
}
