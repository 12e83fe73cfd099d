// The first phase of an account deletion: subscriptions cancelled at their provider (hence the keys), payment records unlinked.
import { withSecret } from '../platform/secrets';
import { erasureHandler } from '../privacy/public';
import { personalData } from './privacy';
import { PAYMENTS_SECRET } from './providers';

export const handler = erasureHandler(personalData).use(withSecret(PAYMENTS_SECRET, 'PAYMENTS_SECRET_ID'));
