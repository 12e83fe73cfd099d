// What other contexts may use of the newsletter context: the events it emits.
export { NEWSLETTER_EVENTS } from './events';
