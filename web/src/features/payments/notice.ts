// The router state that brings a signed-out reader from /pricing to /auth with the notice the app shows
// them (useCheckout): set by web/src/islands/pricing.island.ts, read by AuthPage.
export const SUBSCRIBE_NOTICE = { notice: 'sign-in-to-subscribe' } as const;
