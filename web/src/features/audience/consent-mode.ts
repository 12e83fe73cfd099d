/// <reference types="google-publisher-tag" />
// Google's consent mode, told the reader's choice before the ad tag (gpt.ts) is requested and again
// whenever the choice changes. The tag is only ever loaded with ads consent, so its storage is granted
// then; personalisation is granted only when the reader allowed it, and analytics storage never is
// (the portal counts its visits itself, without cookies).
import type { ConsentChoice } from '../../../../shared/consent-rules';

type ConsentValue = 'granted' | 'denied';

export interface ConsentModeState {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const value = (granted: boolean): ConsentValue => (granted ? 'granted' : 'denied');

/** Consent mode's signals for a choice (none: everything denied). */
export function consentModeState(choice: Pick<ConsentChoice, 'ads' | 'personalization'> | null): ConsentModeState {
  const ads = choice?.ads === true;
  return {
    ad_storage: value(ads),
    ad_user_data: value(ads),
    ad_personalization: value(ads && choice?.personalization === true),
    analytics_storage: 'denied',
  };
}

/** Whether GPT must ask for non-personalised ads (setPrivacySettings). */
export const nonPersonalizedAds = (choice: Pick<ConsentChoice, 'ads' | 'personalization'> | null): boolean => !(choice?.ads === true && choice.personalization);

/** The page's gtag(): Google's tags read the commands from dataLayer, as arguments objects. */
function gtag(): (...args: unknown[]) => void {
  window.dataLayer = window.dataLayer || [];
  if (!window.gtag) {
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- Google's tags expect the arguments object itself.
      window.dataLayer?.push(arguments);
    };
  }
  return window.gtag;
}

/** The defaults, set once before gpt.js is appended. */
export function setConsentDefault(choice: Pick<ConsentChoice, 'ads' | 'personalization'> | null): void {
  gtag()('consent', 'default', consentModeState(choice));
}

/** A choice changed on a page that already has the ad tag (no-op otherwise: the defaults come with it). */
export function updateConsentMode(choice: Pick<ConsentChoice, 'ads' | 'personalization'> | null): void {
  if (typeof window === 'undefined' || !window.dataLayer) return;
  gtag()('consent', 'update', consentModeState(choice));
  const tag = window.googletag;
  if (tag?.cmd) tag.cmd.push(() => tag.pubads().setPrivacySettings({ nonPersonalizedAds: nonPersonalizedAds(choice) }));
}
