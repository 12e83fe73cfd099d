// The users context's part of an account deletion: the Cognito user, the profile and the roles.
import { erasureHandler } from '../privacy/public';
import { personalData } from './privacy';

export const handler = erasureHandler(personalData);
