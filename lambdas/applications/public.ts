// What other contexts may use of the applications context: the events it emits (the mail context
// sends the applicant's e-mails from them).
export { APPLICATION_EVENTS } from './events';
