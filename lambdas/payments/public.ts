// What other contexts may use of the payments context: its events (the mail context sends the
// subscription e-mails from them).
export { PAYMENT_EVENTS } from './events';
