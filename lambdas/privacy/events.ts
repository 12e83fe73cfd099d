// Domain events of the privacy context (EVENTS.md beside this file), read from its data requests'
// committed changes. They carry ids only: the workers read the e-mail from the request while it lasts.
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';

const request = z.object({ request_id: z.string(), user_id: z.string() });

export const PRIVACY_EVENTS = {
  DataExportRequested: {
    source: 'portal.privacy',
    description: 'A reader asked for a copy of their data (Meus dados): the export worker writes it as JSON.',
    detail: request,
  },
  AccountDeletionRequested: {
    source: 'portal.privacy',
    description: 'A reader confirmed the deletion of their account (the sign-in is already disabled): the payments context cancels their subscriptions at the provider and unlinks their payment records first.',
    detail: request,
  },
  AccountErasureStarted: {
    source: 'portal.privacy',
    description: 'The subscriptions are cancelled: every context that holds personal data removes or anonymises the account’s items.',
    detail: request,
  },
  AccountDeleted: {
    source: 'portal.privacy',
    description: 'Every context recorded what it removed: the request keeps the log, without the link to the person.',
    detail: z.object({ request_id: z.string() }),
  },
} as const satisfies EventCatalogue;

export const privacyEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (next?.entity !== 'data_request') return [];
  const ids = { request_id: String(next.id), user_id: String(next.user_id) };
  if (change.eventName === 'INSERT') {
    return [domainEvent(PRIVACY_EVENTS, next.kind === 'export' ? 'DataExportRequested' : 'AccountDeletionRequested', ids)];
  }
  const before = change.oldImage?.status;
  if (change.eventName !== 'MODIFY' || before === next.status || next.kind !== 'deletion') return [];
  if (next.status === 'erasing') return [domainEvent(PRIVACY_EVENTS, 'AccountErasureStarted', ids)];
  if (next.status === 'completed') return [domainEvent(PRIVACY_EVENTS, 'AccountDeleted', { request_id: ids.request_id })];
  return [];
};
