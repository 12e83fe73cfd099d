// The analysis context's part of an account deletion (privacy.ts says what it anonymises).
import { erasureHandler } from '../privacy/public';
import { personalData } from './privacy';

export const handler = erasureHandler(personalData);
