// What other contexts may use of the applications context: the events it emits (the mail context
// sends the applicant's e-mails from them).
export { APPLICATION_EVENTS } from './events';
// Its part of a person's data, for the privacy context's export (lambdas/privacy/ports.ts).
export { personalData } from './privacy';
