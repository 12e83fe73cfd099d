// React hooks over the tab's live connection (live.ts): they open it only for a signed-in member of
// the newsroom (any role), only in the browser after hydration (effects never run on the server), and
// hand each event of the channel to the latest `onEvent` without subscribing again on every render.
import { useEffect, useRef } from 'react';
import type { LiveEvent } from '../../../shared/live';
import { useAuth } from '../auth/context';
import { useRoles } from '../auth/useMe';
import { live } from './live';

/** The signed-in staff member's id, or undefined (signed out, a reader, still loading). */
function useStaffId(): string | undefined {
  const { status, user } = useAuth();
  const roles = useRoles();
  return status === 'signedIn' && roles.length > 0 ? user?.userId : undefined;
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Events of an article one may edit (its internal comments); nothing while `articleId` is undefined. */
export function useLiveArticle(articleId: string | undefined, onEvent: (event: LiveEvent) => void): void {
  const staffId = useStaffId();
  const handler = useLatest(onEvent);
  useEffect(() => {
    if (!staffId || !articleId) return undefined;
    return live.onArticle(staffId, articleId, (event) => handler.current(event));
  }, [staffId, articleId, handler]);
}

/** The signed-in user's own events (NotificationCreated). */
export function useLiveUser(onEvent: (event: LiveEvent) => void): void {
  const staffId = useStaffId();
  const handler = useLatest(onEvent);
  useEffect(() => {
    if (!staffId) return undefined;
    return live.onUser(staffId, (event) => handler.current(event));
  }, [staffId, handler]);
}
