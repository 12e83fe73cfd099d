// The reader's consent, as the consent banner keeps it: a JSON object in localStorage under
// 'portal-consent' ({ "ads": true } lets the pages load Google's ad tag). Without it, or when storage
// is blocked, the pages show only the portal's own house ads.
export const CONSENT_KEY = 'portal-consent';

export function adsConsent(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    const value: unknown = JSON.parse(storage?.getItem(CONSENT_KEY) ?? 'null');
    return typeof value === 'object' && value !== null && (value as { ads?: unknown }).ads === true;
  } catch {
    return false;
  }
}
