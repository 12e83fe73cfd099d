// What other contexts may use of the articles context (the lint rule in eslint.config.js enforces it):
// the domain events its items imply, for the outbox.
export { articleEvents } from './events';
