// The master's view of users: every account, newest first, searchable by name or e-mail, and the
// roles a master assigns and removes. Each role change writes its audit entry in the same
// transaction; the last master cannot remove their own master role.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_MESSAGES as MESSAGES, type AdminUser } from '../../shared/admin';
import { foldAccents } from '../../shared/article-rules';
import { can, ROLES, type Role } from '../../shared/roles';
import { auditPut } from '../audit/public';
import { ddb } from '../platform/clients';
import { countItems, getItem, queryMatching, tableName, type Item } from '../platform/dynamo';
import { batchGet } from '../platform/dynamo-batch';
import { conflict, forbidden, isConditionFailure, notFound } from '../platform/errors';
import { disableTotp, hasVerifiedTotp } from './identity';
import { readerAccess } from './access';
import { qualityKey, qualityScore } from '../quality/public';
import { mfaUpdate, profileEntity, roleEntity } from './store';

const PAGE_SIZE = 20;
/** How many index pages one search request reads at most before answering with what it found. */
const SEARCH_READS = 10;
const LIST = { index: 'gsi1' as const, partition: 'PROFILES' };

/** The admin area's gate, for every context's admin routes: 403 'Acesso Negado' for anyone but a master. */
export async function requireMaster(userId: string): Promise<void> {
  const { roles } = await readerAccess(userId);
  if (!can(roles, 'admin.access')) throw forbidden(MESSAGES.accessDenied);
}

/** Roles and quality of a page of users in one BatchGet (three possible role items each). */
async function adminUsers(profiles: Item[]): Promise<AdminUser[]> {
  const ids = profiles.map((item) => String(item.id));
  const keys = ids.flatMap((id) => [...ROLES.map((role) => roleEntity.key(id, role)), qualityKey(id)]);
  const found = keys.length ? await batchGet(keys) : [];
  const byKey = new Map(found.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  return profiles.map((item) => {
    const profile = profileEntity.fromItem(item);
    const roles = ROLES.filter((role) => byKey.has(`${roleEntity.key(profile.id, role).pk}|${roleEntity.key(profile.id, role).sk}`));
    const quality = byKey.get(`${qualityKey(profile.id).pk}|${qualityKey(profile.id).sk}`);
    return {
      id: profile.id,
      full_name: profile.full_name,
      email: profile.email,
      roles,
      quality_score: quality ? qualityScore(quality) : null,
      created_at: profile.created_at,
      has_account: item.origin !== 'import',
      mfa_enabled: item.mfa_enabled === true,
    };
  });
}

/** GET /api/admin/users?q=&cursor=: a Query on the profiles index, filtered by the search when there is one. */
export async function listUsers(callerId: string, q: string | undefined, cursor: string | undefined) {
  await requireMaster(callerId);
  const term = foldAccents(q ?? '').trim();
  const filter = term ? { expression: 'contains(search_text, :q) OR contains(search_email, :q)', values: { ':q': term } } : undefined;
  const page = await queryMatching({ ...LIST, descending: true }, filter, cursor, { size: PAGE_SIZE, maxReads: SEARCH_READS });
  return { items: await adminUsers(page.items), next_cursor: page.cursor ?? null };
}

async function adminUser(userId: string): Promise<AdminUser> {
  const profile = await getItem(profileEntity.key(userId), true);
  if (!profile) throw notFound(MESSAGES.userNotFound);
  const [user] = await adminUsers([profile]);
  return user as AdminUser;
}

const USER_ID = /^[\w-]{1,64}$/;

/** POST /api/admin/users/{id}/roles: a role already held is left as it was (first grant stands). */
export async function assignRole(callerId: string, userId: string, role: Role): Promise<AdminUser> {
  await requireMaster(callerId);
  const profile = USER_ID.test(userId) ? await getItem(profileEntity.key(userId)) : undefined;
  if (!profile) throw notFound(MESSAGES.userNotFound);
  // A profile an import made has no account: a role on it would give nobody anything.
  if (profile.origin === 'import') throw conflict(MESSAGES.noAccount);
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: roleEntity.toItem({ user_id: userId, role, assigned_by: callerId, created_at: new Date().toISOString() }),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          auditPut({ event_type: 'ROLE_CHANGE', action: 'assign_role', user_id: callerId, target_type: 'user', target_id: userId, details: { role } }),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return adminUser(userId);
}

/** DELETE /api/admin/users/{id}/roles/{role}. */
export async function removeRole(callerId: string, userId: string, role: string): Promise<AdminUser> {
  await requireMaster(callerId);
  if (!USER_ID.test(userId) || !(ROLES as readonly string[]).includes(role)) throw notFound(MESSAGES.roleNotHeld);
  const held = role as Role;
  if (!(await getItem(roleEntity.key(userId, held), true))) throw notFound(MESSAGES.roleNotHeld);
  // Counted on the role index; two masters removing themselves at the same instant could both pass,
  // which the admin area makes unlikely enough not to need a counter item.
  if (held === 'master' && userId === callerId && (await countItems({ index: 'gsi1', partition: 'ROLE#master' })) <= 1) {
    throw conflict(MESSAGES.lastMaster);
  }
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: roleEntity.key(userId, held), ConditionExpression: 'attribute_exists(pk)' } },
          auditPut({ event_type: 'ROLE_CHANGE', action: 'remove_role', user_id: callerId, target_type: 'user', target_id: userId, details: { role: held } }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(MESSAGES.roleNotHeld);
    throw error;
  }
  return adminUser(userId);
}

/**
 * DELETE /api/admin/users/{id}/mfa: a staff member lost their authenticator app. Cognito turns it off,
 * then the profile's flag and the audit entry are written together: staff routes answer MFA_REQUIRED
 * at once, and the person signs in with the password and sets up a new app in /settings.
 */
export async function resetMfa(callerId: string, userId: string): Promise<AdminUser> {
  await requireMaster(callerId);
  const profile = USER_ID.test(userId) ? await getItem(profileEntity.key(userId), true) : undefined;
  if (!profile || profile.origin === 'import') throw notFound(MESSAGES.userNotFound);
  try {
    // Cognito's word, not only the flag: an app set up whose re-check never reached the API is turned off too.
    if (profile.mfa_enabled !== true && !(await hasVerifiedTotp(userId))) throw conflict(MESSAGES.mfaNotEnabled);
    await disableTotp(userId);
  } catch (error) {
    // The account was deleted from Cognito (its erasure is under way).
    if ((error as { name?: string }).name === 'UserNotFoundException') throw notFound(MESSAGES.userNotFound);
    throw error;
  }
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: mfaUpdate(userId, false, new Date().toISOString()) },
        auditPut({ event_type: 'SECURITY_CHANGE', action: 'reset_mfa', user_id: callerId, target_type: 'user', target_id: userId, details: {} }),
      ],
    }),
  );
  return adminUser(userId);
}
