// What other contexts may use of the notifications context (the lint rule in eslint.config.js
// enforces it): the events it emits (the live context pushes NotificationCreated to its user).
export { NOTIFICATION_EVENTS } from './events';
// What a person's data export and account deletion read and erase here (privacy.ts).
export { personalData } from './privacy';
