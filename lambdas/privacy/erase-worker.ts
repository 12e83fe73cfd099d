// The privacy context's step of a deletion: consent records and exports (privacy.ts).
import { personalData } from './privacy';
import { erasureHandler } from './public';

export const handler = erasureHandler(personalData);
