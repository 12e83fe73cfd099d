// The reader's consent to what needs it (shared/privacy-rules.ts CONSENT_PURPOSES): kept in localStorage
// ('portal-consent', read by audience/consent.ts, the one reader of it), applied to Google's consent
// mode at once and recorded by the API with the text's version. Also the banner's state: shown while
// there is no choice on the current text, reopened in "choose" mode from the footer. Without React:
// the consent island (web/src/islands/consent.island.ts) runs it for anonymous readers, and the app
// through consent-store.ts, which adds its hook and records with the reader's token.
import type { ConsentInput } from '../../../../shared/privacy';
import { CONSENT_VERSION, type ConsentChoice, type ConsentSource } from '../../../../shared/consent-rules';
import { loadConfig } from '../../lib/config';
import { CONSENT_KEY, storedConsent, type StoredConsent } from '../audience/consent';
import { updateConsentMode } from '../audience/consent-mode';

export type { StoredConsent } from '../audience/consent';

/** The browser's own random id, sent with its consent records (no personal data). */
export const VISITOR_KEY = 'portal-visitor';
/** Set while the last choice has not reached the API: sent again on the next page load. */
const UNSENT_KEY = 'portal-consent-unsent';

export type BannerMode = 'closed' | 'banner' | 'choose';

export interface ConsentState {
  choice: StoredConsent | null;
  banner: BannerMode;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The choice on the current text, or null (none, or made on an older text: the banner asks again). */
export function readConsent(): StoredConsent | null {
  return storedConsent(storage());
}

let state: ConsentState | null = null;
const listeners = new Set<() => void>();

function current(): ConsentState {
  if (!state) {
    const choice = readConsent();
    state = { choice, banner: choice ? 'closed' : 'banner' };
  }
  return state;
}

function setState(next: ConsentState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Called on every change of the choice or the banner's mode; the returned function stops it. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the choice: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CONSENT_KEY && event.key !== null) return;
    const choice = readConsent();
    setState({ choice, banner: choice ? 'closed' : current().banner === 'closed' ? 'banner' : current().banner });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The choice and the banner's mode, outside React. */
export const consentState = (): ConsentState => current();

/** Reopens the banner with a toggle per purpose (the footer's "Preferências de cookies"). */
export function openConsentPreferences(): void {
  setState({ ...current(), banner: 'choose' });
}

/** Closes the preferences without a new choice (only when there is one: otherwise the banner stays). */
export function closeConsentPreferences(): void {
  const { choice } = current();
  setState({ choice, banner: choice ? 'closed' : 'banner' });
}

/** The banner's "choose" mode after its first screen. */
export function chooseConsent(): void {
  setState({ ...current(), banner: 'choose' });
}

/** This browser's visitor id, made on first use; a fresh one each time when storage is blocked. */
export function visitorId(store: Pick<Storage, 'getItem' | 'setItem'> | undefined = storage()): string {
  try {
    const known = store?.getItem(VISITOR_KEY);
    if (known && /^[0-9a-f-]{36}$/i.test(known)) return known;
  } catch {
    // unreadable: a new one below
  }
  const id = crypto.randomUUID();
  try {
    store?.setItem(VISITOR_KEY, id);
  } catch {
    // kept for this record only
  }
  return id;
}

/** The stored form of a choice: personalisation only with ads, the current text, the moment. */
export function consentRecord(choice: { ads: boolean; personalization: boolean }, at = new Date()): StoredConsent {
  return { ads: choice.ads, personalization: choice.ads && choice.personalization, version: CONSENT_VERSION, at: at.toISOString() };
}

export type ConsentRecorder = (input: ConsentInput) => Promise<unknown>;

/** An anonymous reader's record: POST /api/privacy/consents without a token, as the app's client sends it. */
const anonymousRecorder: ConsentRecorder = async (input) => {
  const { apiBase } = await loadConfig();
  const response = await fetch(`${apiBase}/privacy/consents`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`consent record: HTTP ${response.status}`);
};

let recorder: ConsentRecorder = anonymousRecorder;

/** The app records with the reader's token when there is a session (consent-store.ts). */
export function setConsentRecorder(next: ConsentRecorder): void {
  recorder = next;
}

async function send(choice: ConsentChoice, source: ConsentSource): Promise<void> {
  const store = storage();
  try {
    store?.setItem(UNSENT_KEY, source);
  } catch {
    // no retry then
  }
  await recorder({ visitor_id: visitorId(store), ads: choice.ads, personalization: choice.personalization, version: choice.version, source });
  try {
    store?.removeItem(UNSENT_KEY);
  } catch {
    // sent anyway
  }
}

/**
 * Keeps the choice, applies it (consent mode at once; the ad tag from the next page view, see
 * audience/ads.ts) and records it. The local choice stands even when the record fails: the promise
 * rejects then (with the API's error) and the record is sent again on the next page load.
 */
export async function saveConsent(choice: { ads: boolean; personalization: boolean }, source: ConsentSource): Promise<void> {
  const record = consentRecord(choice);
  try {
    storage()?.setItem(CONSENT_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  setState({ choice: record, banner: 'closed' });
  updateConsentMode(record);
  await send(record, source);
}

let resent = false;

/** Sends the last choice again if its record did not reach the API (once per page load). */
export function resendUnsentConsent(): void {
  if (resent) return;
  resent = true;
  let source: string | null | undefined;
  try {
    source = storage()?.getItem(UNSENT_KEY);
  } catch {
    return;
  }
  const choice = readConsent();
  if (!source || !choice) return;
  send(choice, source === 'settings' ? 'settings' : 'banner').catch(() => undefined);
}
