// The newsroom's people: every user holding a role (author, editor, master), read from the role index
// (gsi1 ROLE#<role>) and their profiles in one BatchGet. Pautas are assigned among them; two people of
// the same name are told apart by their e-mails (given for them only: the picker needs nothing more).
import { ROLES, type Role } from '../../shared/roles';
import { queryAll } from '../platform/dynamo';
import { batchRead } from '../platform/dynamo-batch';
import { staffProfiles } from './store';

export interface StaffMember {
  id: string;
  full_name: string;
  roles: Role[];
  /** Only when someone else on the staff has the same name. */
  email?: string;
}

/** Every staff member with a profile, by name. */
export async function staffMembers(): Promise<StaffMember[]> {
  const grants = await Promise.all(ROLES.map((role) => queryAll({ index: 'gsi1', partition: `ROLE#${role}`, fields: ['user_id', 'role'] })));
  const roles = new Map<string, Role[]>();
  for (const item of grants.flat()) {
    const userId = String(item.user_id);
    roles.set(userId, [...(roles.get(userId) ?? []), item.role as Role]);
  }
  const { profiles } = await batchRead({ profiles: staffProfiles([...roles.keys()]) });
  const named = new Map<string, number>();
  for (const profile of profiles.values()) named.set(profile.full_name, (named.get(profile.full_name) ?? 0) + 1);
  return [...roles]
    .flatMap(([id, held]) => {
      const profile = profiles.get(id);
      if (!profile) return [];
      const homonym = (named.get(profile.full_name) ?? 0) > 1 && profile.email;
      return [{ id, full_name: profile.full_name, roles: ROLES.filter((role) => held.includes(role)), ...(homonym ? { email: profile.email } : {}) }];
    })
    .sort((a, b) => a.full_name.localeCompare(b.full_name, 'pt-BR'));
}
