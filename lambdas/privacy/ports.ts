// Every context's part of a person's data (lambdas/<context>/privacy.ts), in the export's order. A
// unit test checks it names every deletion step, and the export worker reads them all.
import { personalData as analysis } from '../analysis/public';
import { personalData as analytics } from '../analytics/public';
import { personalData as applications } from '../applications/public';
import { personalData as articles } from '../articles/public';
import { personalData as editorial } from '../editorial/public';
import { personalData as events } from '../events/public';
import { personalData as newsletter } from '../newsletter/public';
import { personalData as notifications } from '../notifications/public';
import { personalData as payments } from '../payments/public';
import { personalData as quality } from '../quality/public';
import { personalData as users } from '../users/public';
import type { PersonalData } from './port';
import { personalData as privacy } from './privacy';

export const PERSONAL_DATA: readonly PersonalData[] = [users, payments, newsletter, privacy, articles, editorial, applications, notifications, quality, analysis, analytics, events];
