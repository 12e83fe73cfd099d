// What other contexts may use of the users context (the lint rule in eslint.config.js enforces it):
// a reader's roles and subscription, the author profiles shown beside articles and on an author's
// page, and the domain events its items imply.
export { accountOf, readerAccess, type ReaderAccess } from './access';
// The HTTP edge's check of every caller, and the deletion's closing of the account (lambdas/privacy).
export { callerOf, closeAccount } from './access';
export { authorProfile, type PublicAuthor } from './author';
export { authorProfiles, type AuthorProfile } from './store';
export { USER_EVENTS } from './events';
export { accountExists } from './author-role';
export { requireMaster } from './admin';
// The staff (authors, editors, masters): the storyboard assigns pautas among them.
export { staffMembers, type StaffMember } from './staff';
// The authors an import names, as user ids (staff matched by name or e-mail, else a profile made once per name).
export { importAuthors } from './imported-authors';
// Its part of a person's data, for the privacy context's export (lambdas/privacy/ports.ts).
export { personalData } from './privacy';
