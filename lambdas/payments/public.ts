// What other contexts may use of the payments context: its events (the mail context sends the
// subscription e-mails from them).
export { PAYMENT_EVENTS } from './events';
// Its part of a person's data, for the privacy context's export (lambdas/privacy/ports.ts).
export { personalData } from './privacy';
