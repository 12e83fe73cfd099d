// What other contexts may use of the editorial context (the lint rule in eslint.config.js enforces it):
// the events it emits (notifications and live updates consume them).
export { EDITORIAL_EVENTS } from './events';
// What a person's data export and account deletion read and erase here (privacy.ts).
export { personalData } from './privacy';
