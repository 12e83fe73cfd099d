// Domain events of the applications context (EVENTS.md beside this file): a decision on an
// application, read from its item's status change, and the notice of a repeated one. No CPF, address or phone leaves in them.
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';

export const APPLICATION_EVENTS = {
  AuthorApplicationApproved: {
    source: 'portal.applications',
    description: 'A master approved an author application: the account with its e-mail holds the author role.',
    detail: z.object({
      application_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      /** The master who approved: the author role's assigned_by. */
      decided_by: z.string(),
      /** True when no account had the e-mail: one is created with Cognito's invitation (temporary password). */
      account_created: z.boolean(),
    }),
  },
  AuthorApplicationRejected: {
    source: 'portal.applications',
    description: 'A master rejected an author application, with an optional reason.',
    detail: z.object({
      application_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      reason: z.string().nullable(),
    }),
  },
  AuthorApplicationRepeated: {
    source: 'portal.applications',
    description: 'Someone sent an application with the e-mail or the CPF of a pending one (at most once a day per application): its applicant is told.',
    detail: z.object({
      application_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      /** What the new application shared with the pending one. */
      matched: z.enum(['email', 'cpf']),
      /** One per application and day: the e-mail goes out once for it. */
      notice_id: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

export const applicationEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  const before = change.oldImage;
  if (change.eventName === 'INSERT' && next?.entity === 'application_notice') {
    return [
      domainEvent(APPLICATION_EVENTS, 'AuthorApplicationRepeated', {
        application_id: String(next.application_id),
        email: String(next.email),
        full_name: String(next.full_name),
        matched: next.matched === 'cpf' ? 'cpf' : 'email',
        notice_id: String(next.notice_id),
      }),
    ];
  }
  if (change.eventName !== 'MODIFY' || next?.entity !== 'author_application' || before?.status !== 'pending') return [];
  const base = { application_id: String(next.id), email: String(next.email), full_name: String(next.full_name) };
  if (next.status === 'approved') {
    return [domainEvent(APPLICATION_EVENTS, 'AuthorApplicationApproved', { ...base, decided_by: String(next.decided_by), account_created: next.account_created === true })];
  }
  if (next.status === 'rejected') {
    return [domainEvent(APPLICATION_EVENTS, 'AuthorApplicationRejected', { ...base, reason: typeof next.rejection_reason === 'string' ? next.rejection_reason : null })];
  }
  return [];
};
