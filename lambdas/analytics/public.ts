// What other contexts may use of the analytics context: what a person's data export and account
// deletion read and erase here (privacy.ts).
export { personalData } from './privacy';
