import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION, consentSchema } from '../../shared/privacy';
import { adsConsent, CONSENT_KEY, storedConsent } from '../../web/src/features/audience/consent';
import { consentModeState, nonPersonalizedAds } from '../../web/src/features/audience/consent-mode';

const recordConsent = vi.fn<(input: unknown) => Promise<{ recorded_at: string }>>();
vi.mock('../../web/src/features/privacy/api/consents', () => ({ recordConsent: (input: unknown) => recordConsent(input) }));

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const reader = (value: string | null) => ({ getItem: (key: string) => (key === CONSENT_KEY ? value : null) });

let storage: MemoryStorage;
let fakeWindow: { localStorage: MemoryStorage; addEventListener: () => void; removeEventListener: () => void; dataLayer?: unknown[]; gtag?: unknown; googletag?: unknown };

/** A fresh store (its state is per page load) over the given storage. */
async function loadStore() {
  vi.resetModules();
  return import('../../web/src/features/privacy/consent-store');
}

beforeEach(() => {
  storage = new MemoryStorage();
  fakeWindow = { localStorage: storage, addEventListener: () => undefined, removeEventListener: () => undefined };
  vi.stubGlobal('window', fakeWindow);
  vi.stubGlobal('localStorage', storage);
  recordConsent.mockReset();
  recordConsent.mockResolvedValue({ recorded_at: '2026-11-20T12:00:00.000Z' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the stored consent', () => {
  it('counts only a choice on the current text', () => {
    expect(storedConsent(reader(null))).toBeNull();
    expect(storedConsent(reader('{broken'))).toBeNull();
    expect(storedConsent(reader('{"ads":true}'))).toBeNull();
    expect(storedConsent(reader(JSON.stringify({ ads: true, personalization: true, version: '2020-01-v0', at: 'x' })))).toBeNull();
    expect(storedConsent(reader(JSON.stringify({ ads: 'yes', version: CONSENT_VERSION })))).toBeNull();
    expect(storedConsent(reader(JSON.stringify({ ads: true, personalization: true, version: CONSENT_VERSION, at: '2026-11-20T12:00:00.000Z' })))).toEqual({
      ads: true,
      personalization: true,
      version: CONSENT_VERSION,
      at: '2026-11-20T12:00:00.000Z',
    });
  });

  it('never reads personalisation without ads', () => {
    expect(storedConsent(reader(JSON.stringify({ ads: false, personalization: true, version: CONSENT_VERSION, at: '' })))?.personalization).toBe(false);
  });

  it('gives ads consent only with ads on the current text', () => {
    expect(adsConsent(reader(JSON.stringify({ ads: true, personalization: false, version: CONSENT_VERSION })))).toBe(true);
    expect(adsConsent(reader(JSON.stringify({ ads: false, personalization: false, version: CONSENT_VERSION })))).toBe(false);
    expect(adsConsent(reader(JSON.stringify({ ads: true, personalization: true, version: 'old' })))).toBe(false);
    expect(adsConsent(undefined)).toBe(false);
  });
});

describe('the consent store', () => {
  it('shows the banner with no choice, or with one on an older text', async () => {
    let store = await loadStore();
    expect(store.readConsent()).toBeNull();
    expect(store.consentState().banner).toBe('banner');

    storage.setItem(CONSENT_KEY, JSON.stringify({ ads: true, personalization: true, version: 'old', at: '2025-01-01T00:00:00.000Z' }));
    store = await loadStore();
    expect(store.readConsent()).toBeNull();
    expect(store.consentState().banner).toBe('banner');

    storage.setItem(CONSENT_KEY, JSON.stringify({ ads: false, personalization: false, version: CONSENT_VERSION, at: '2026-11-01T00:00:00.000Z' }));
    store = await loadStore();
    expect(store.readConsent()).toMatchObject({ ads: false, version: CONSENT_VERSION });
    expect(store.consentState().banner).toBe('closed');
  });

  it('stores the choice, forcing personalisation off without ads, and records it with the visitor id', async () => {
    const store = await loadStore();
    await store.saveConsent({ ads: false, personalization: true }, 'banner');
    const saved = JSON.parse(storage.getItem(CONSENT_KEY) ?? 'null') as Record<string, unknown>;
    expect(saved).toMatchObject({ ads: false, personalization: false, version: CONSENT_VERSION });
    expect(Number.isNaN(Date.parse(String(saved.at)))).toBe(false);
    expect(store.consentState()).toMatchObject({ banner: 'closed', choice: { ads: false, personalization: false } });
    expect(adsConsent()).toBe(false);

    const visitor = storage.getItem(store.VISITOR_KEY);
    expect(visitor).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(recordConsent).toHaveBeenCalledWith({ visitor_id: visitor, ads: false, personalization: false, version: CONSENT_VERSION, source: 'banner' });
    expect(consentSchema.safeParse(recordConsent.mock.calls[0]?.[0]).success).toBe(true);

    await store.saveConsent({ ads: true, personalization: true }, 'settings');
    expect(adsConsent()).toBe(true);
    expect(store.readConsent()).toMatchObject({ ads: true, personalization: true });
    // The same browser keeps its id.
    expect(recordConsent).toHaveBeenLastCalledWith({ visitor_id: visitor, ads: true, personalization: true, version: CONSENT_VERSION, source: 'settings' });
  });

  it('keeps the choice when its record fails, and sends it again on the next page load', async () => {
    let store = await loadStore();
    recordConsent.mockRejectedValueOnce(new Error('429'));
    await expect(store.saveConsent({ ads: true, personalization: false }, 'banner')).rejects.toThrow('429');
    expect(store.readConsent()).toMatchObject({ ads: true, personalization: false });
    expect(adsConsent()).toBe(true);

    store = await loadStore();
    expect(store.consentState().banner).toBe('closed');
    store.resendUnsentConsent();
    await vi.waitFor(() => expect(recordConsent).toHaveBeenCalledTimes(2));
    expect(recordConsent).toHaveBeenLastCalledWith(expect.objectContaining({ ads: true, personalization: false, source: 'banner' }));
    await vi.waitFor(() => expect(storage.items.has('portal-consent-unsent')).toBe(false));

    // Nothing left to send.
    store.resendUnsentConsent();
    expect(recordConsent).toHaveBeenCalledTimes(2);
  });

  it('reopens in "choose" mode from the footer and closes back to the choice', async () => {
    const store = await loadStore();
    store.openConsentPreferences();
    expect(store.consentState().banner).toBe('choose');
    // No choice yet: closing leaves the banner up.
    store.closeConsentPreferences();
    expect(store.consentState().banner).toBe('banner');
    await store.saveConsent({ ads: true, personalization: false }, 'banner');
    store.openConsentPreferences();
    expect(store.consentState()).toMatchObject({ banner: 'choose', choice: { ads: true } });
    store.closeConsentPreferences();
    expect(store.consentState().banner).toBe('closed');
  });
});

describe("Google's consent mode", () => {
  it('denies everything without ads consent, and analytics storage always', () => {
    const denied = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
    expect(consentModeState(null)).toEqual(denied);
    expect(consentModeState({ ads: false, personalization: true })).toEqual(denied);
    expect(consentModeState({ ads: true, personalization: false })).toEqual({ ...denied, ad_storage: 'granted', ad_user_data: 'granted' });
    expect(consentModeState({ ads: true, personalization: true })).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });

  it('asks GPT for non-personalised ads unless personalisation was allowed', () => {
    expect(nonPersonalizedAds(null)).toBe(true);
    expect(nonPersonalizedAds({ ads: true, personalization: false })).toBe(true);
    expect(nonPersonalizedAds({ ads: true, personalization: true })).toBe(false);
  });

  it('sets the defaults on dataLayer as gtag arguments, and updates them on a new choice', async () => {
    const mode = await import('../../web/src/features/audience/consent-mode');
    // No ad tag on the page: nothing to update.
    mode.updateConsentMode({ ads: false, personalization: false });
    expect(fakeWindow.dataLayer).toBeUndefined();

    mode.setConsentDefault({ ads: true, personalization: false });
    const [first] = fakeWindow.dataLayer ?? [];
    expect(Array.from(first as ArrayLike<unknown>)).toEqual(['consent', 'default', consentModeState({ ads: true, personalization: false })]);

    const setPrivacySettings = vi.fn();
    fakeWindow.googletag = { cmd: { push: (run: () => void) => run() }, pubads: () => ({ setPrivacySettings }) };
    const store = await loadStore();
    await store.saveConsent({ ads: false, personalization: false }, 'banner');
    const last = fakeWindow.dataLayer?.at(-1);
    expect(Array.from(last as ArrayLike<unknown>)).toEqual(['consent', 'update', consentModeState(null)]);
    expect(setPrivacySettings).toHaveBeenCalledWith({ nonPersonalizedAds: true });
  });
});
