// Domain events of the users context: the catalogue of what it emits (see EVENTS.md beside this
// file) and the mapper from its committed table changes to them.
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';

export const USER_EVENTS = {
  UserSignedUp: {
    source: 'portal.users',
    description: 'A new account was created (its profile item was inserted).',
    detail: z.object({
      user_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      created_at: z.string(),
      /** 'application': made for an approved author application (greeted by the approval e-mail). */
      origin: z.enum(['sign-up', 'application']).default('sign-up'),
    }),
  },
  SignUpWithKnownEmail: {
    source: 'portal.users',
    description: 'Someone tried to sign up with an e-mail that already has an account (at most once a day per address): its owner is told.',
    detail: z.object({
      email: z.string(),
      /** One per address and day: the e-mail goes out once for it. */
      notice_id: z.string(),
    }),
  },
  UserProfileUpdated: {
    source: 'portal.users',
    description: 'A profile changed what readers see of its author (name, bio or avatar).',
    detail: z.object({
      user_id: z.string(),
      changed: z.array(z.enum(['full_name', 'bio', 'avatar_url'])),
      updated_at: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

/** What the public pages show of a profile. */
const SHOWN = ['full_name', 'bio', 'avatar_url'] as const;

export const userEvents: ChangeMapper = (change) => {
  const item = change.newImage;
  // An imported article's author with no account (imported-authors.ts) signed up for nothing.
  if (change.eventName === 'INSERT' && item?.entity === 'profile' && item.origin !== 'import') {
    return [
      domainEvent(USER_EVENTS, 'UserSignedUp', {
        user_id: String(item.id),
        email: String(item.email),
        full_name: String(item.full_name),
        created_at: String(item.created_at),
        origin: item.origin === 'application' ? 'application' : 'sign-up',
      }),
    ];
  }
  if (change.eventName === 'INSERT' && item?.entity === 'signup_notice') {
    return [domainEvent(USER_EVENTS, 'SignUpWithKnownEmail', { email: String(item.email), notice_id: String(item.notice_id) })];
  }
  if (change.eventName === 'MODIFY' && item?.entity === 'profile' && change.oldImage) {
    const before = change.oldImage;
    const changed = SHOWN.filter((field) => (before[field] ?? '') !== (item[field] ?? ''));
    if (changed.length === 0) return [];
    return [domainEvent(USER_EVENTS, 'UserProfileUpdated', { user_id: String(item.id), changed, updated_at: String(item.updated_at) })];
  }
  return [];
};
