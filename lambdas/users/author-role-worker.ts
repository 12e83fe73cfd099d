// Gives an approved applicant the author role (creating the account with Cognito's invitation when
// none has the e-mail): grantAuthorByEmail is idempotent, so a redelivery finds what the first made.
import { APPLICATION_EVENTS } from '../applications/public';
import { eventWorker } from '../platform/sqs-worker';
import { grantAuthorByEmail } from './author-role';

export const handler = eventWorker(APPLICATION_EVENTS, 'AuthorApplicationApproved', async (approved) => {
  await grantAuthorByEmail({ email: approved.email, fullName: approved.full_name, assignedBy: approved.decided_by });
});
