// The applications context's part of an account deletion: the applications of the account's e-mail, their links and claims.
import { erasureHandler } from '../privacy/public';
import { personalData } from './privacy';

export const handler = erasureHandler(personalData);
