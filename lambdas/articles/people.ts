// Users as this context sees them, through the users context's public module: the reader asking
// (roles and subscription) and the authors shown beside articles.
import type { AuthorRef } from '../../shared/api-types';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import type { BatchPart } from '../platform/dynamo-batch';
import { authorProfiles, readerAccess } from '../users/public';
import { ANONYMOUS, type Reader } from './gating';

/** Roles and subscription of a signed-in caller; anonymous without a user id. */
export async function readerFor(userId: string | undefined): Promise<Reader> {
  if (!userId) return ANONYMOUS;
  return { userId, ...(await readerAccess(userId)) };
}

/** Authors of articles or versions, as one part of a shared BatchGet; a profile that is gone shows as the anonymous author. */
export function authorsOf(userIds: string[]): BatchPart<(userId: string) => AuthorRef> {
  const profiles = authorProfiles([...new Set(userIds)]);
  return {
    ...profiles,
    read: (found) => {
      const byId = profiles.read(found);
      return (userId) => ({
        id: userId,
        full_name: byId.get(userId)?.full_name || ARTICLE_MESSAGES.anonymousAuthor,
        avatar_url: byId.get(userId)?.avatar_url ?? '',
      });
    },
  };
}
