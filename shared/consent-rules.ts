// The consent text's version and its purposes (re-exported by privacy-rules.ts): apart, so the
// public pages' consent code (web/src/features/audience/consent.ts, the consent island) loads only this.

/**
 * The consent text's version: change what the banner says, bump it, and every reader is asked again.
 * Stored with each consent record, so what a reader agreed to can always be shown.
 */
export const CONSENT_VERSION = '2026-11-v1';

/** Where the browser keeps the reader's choice (localStorage): { ads, personalization, version, at }. */
export const CONSENT_STORAGE_KEY = 'portal-consent';

/** What needs consent. First-party, cookieless page counting does not: it is always on. */
export const CONSENT_PURPOSES = ['ads', 'personalization'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_LABELS: Record<ConsentPurpose, { title: string; description: string }> = {
  ads: {
    title: 'Anúncios do Google',
    description: 'Carrega o script de anúncios do Google Ad Manager, que usa cookies e dados do navegador para exibir e medir anúncios.',
  },
  personalization: {
    title: 'Publicidade personalizada',
    description: 'Permite que o Google escolha os anúncios pelos seus interesses. Sem ela, os anúncios não são personalizados.',
  },
};

export const CONSENT_SOURCES = ['banner', 'settings'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A reader's choice, as the browser keeps it (localStorage 'portal-consent') and the API records it. */
export interface ConsentChoice {
  ads: boolean;
  /** Meaningless without ads: always false then. */
  personalization: boolean;
  version: string;
}
