// The reader's consent, as the consent banner keeps it (features/privacy/consent-store.ts): a JSON
// object in localStorage under 'portal-consent', { ads, personalization, version, at }. Only a choice
// made on the current text (CONSENT_VERSION) counts: { "ads": true } on an older text, none at all, or
// blocked storage mean the pages show only the portal's own house ads and the banner asks again.
import { CONSENT_STORAGE_KEY, CONSENT_VERSION, type ConsentChoice } from '../../../../shared/consent-rules';

export const CONSENT_KEY = CONSENT_STORAGE_KEY;

/** The choice as stored: when it was made (ISO 8601) besides what it was. */
export interface StoredConsent extends ConsentChoice {
  at: string;
}

type Reader = Pick<Storage, 'getItem'> | undefined;

function defaultStorage(): Reader {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked (a sandboxed frame, some privacy modes): as if nothing was chosen.
    return undefined;
  }
}

/** The stored choice on the current text, or null (none, an older version, unreadable). */
export function storedConsent(storage: Reader = defaultStorage()): StoredConsent | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(CONSENT_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { ads, personalization, version, at } = value as Record<string, unknown>;
    if (version !== CONSENT_VERSION || typeof ads !== 'boolean') return null;
    return {
      ads,
      // Personalisation means nothing without the ad tag.
      personalization: ads && personalization === true,
      version,
      at: typeof at === 'string' ? at : '',
    };
  } catch {
    return null;
  }
}

/** Whether the reader allowed Google's ad tag, on the current text. */
export function adsConsent(storage: Reader = defaultStorage()): boolean {
  return storedConsent(storage)?.ads === true;
}
