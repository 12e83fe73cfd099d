// The newsletter's part of an account deletion: the subscriber of the account's e-mail, its claim and markers.
import { erasureHandler } from '../privacy/public';
import { personalData } from './privacy';

export const handler = erasureHandler(personalData);
