// The portal's own ads, shown in a slot until (unless) Google fills it. Each leads where its words
// say, and no page shows one of them twice: the home's five slots get five different ads.
import type { AdSlotName } from '../../../../shared/analytics';

export interface HouseAd {
  /** A route of the app, or a file (`file`: a plain link, not the router's). */
  to: string;
  file?: boolean;
  kicker: string;
  title: string;
  text: string;
  cta: string;
}

export const HOUSE_ADS = {
  premium: {
    to: '/pricing',
    kicker: 'Portal Plural Premium',
    title: 'Leia sem anúncios',
    text: 'Todas as reportagens exclusivas, sem publicidade.',
    cta: 'Assine o Premium',
  },
  events: {
    to: '/events',
    kicker: 'Agenda Plural',
    title: 'O que fazer na sua cidade',
    text: 'Cultura, cidade e comunidade nos próximos dias.',
    cta: 'Ver a agenda',
  },
  authors: {
    to: '/apply-author',
    kicker: 'Comunidade Plural',
    title: 'Escreva no Portal Plural',
    text: 'Autores de todo o Brasil publicam aqui.',
    cta: 'Candidate-se',
  },
  search: {
    to: '/busca',
    kicker: 'Busca Plural',
    title: 'Ache qualquer reportagem',
    text: 'Todo o arquivo, por cidade, tag e período.',
    cta: 'Buscar no arquivo',
  },
  feed: {
    to: '/rss.xml',
    file: true,
    kicker: 'RSS do Portal Plural',
    title: 'Notícias no seu leitor de feeds',
    text: 'As últimas publicações, assim que saem.',
    cta: 'Assinar o RSS',
  },
} as const satisfies Record<string, HouseAd>;
export type HouseAdName = keyof typeof HOUSE_ADS;

/** The slots of each page, in the order they appear (spec 9). */
export const PAGE_SLOTS: Record<'home' | 'article' | 'events' | 'event', readonly AdSlotName[]> = {
  home: ['home_top', 'home_feed_1', 'home_feed_2', 'home_feed_3', 'home_bottom'],
  article: ['article_top', 'article_bottom', 'article_related'],
  events: ['events_top', 'events_bottom'],
  event: ['event_top', 'event_bottom'],
};

/** Which house ad each slot holds: never the same twice on one page (tests/unit/house-ads.test.ts). */
const HOUSE_AD_OF: Record<AdSlotName, HouseAdName> = {
  home_top: 'premium',
  home_feed_1: 'events',
  home_feed_2: 'search',
  home_feed_3: 'feed',
  // Far below the desktop's 'Seja um autor Plural' banner at the top.
  home_bottom: 'authors',
  article_top: 'premium',
  article_bottom: 'events',
  article_related: 'authors',
  events_top: 'premium',
  events_bottom: 'authors',
  event_top: 'premium',
  event_bottom: 'events',
};

export const houseAdOf = (slot: AdSlotName): HouseAd => HOUSE_ADS[HOUSE_AD_OF[slot]];
