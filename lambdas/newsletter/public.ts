// What other contexts may use of the newsletter context: the events it emits.
export { NEWSLETTER_EVENTS } from './events';
// Its part of a person's data, for the privacy context's export (lambdas/privacy/ports.ts).
export { personalData } from './privacy';
