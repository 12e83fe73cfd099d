// A user as readers see them on an author page: the public part of the profile and the highest role,
// from the one Query that reads the user's partition (never the e-mail or the payment account).
import { highestRole, type Role } from '../../shared/roles';
import { loadUser } from './store';

export interface PublicAuthor {
  /** Absent when the user has no profile (never signed up, or removed). */
  profile?: { full_name: string; bio: string; avatar_url: string };
  /** The highest role, for a badge; null without any. */
  role: Role | null;
}

export async function authorProfile(userId: string): Promise<PublicAuthor> {
  const { profile, roles } = await loadUser(userId);
  return {
    profile: profile && { full_name: profile.full_name, bio: profile.bio, avatar_url: profile.avatar_url },
    role: highestRole(roles),
  };
}
