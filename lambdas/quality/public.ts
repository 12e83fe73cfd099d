// What other contexts may use of the quality context: the score's key and formula (the admin list of
// users reads the scores of a page of users in its own BatchGet).
export { qualityKey, qualityScore } from './score';
// What a person's data export and account deletion read and erase here (privacy.ts).
export { personalData } from './privacy';
