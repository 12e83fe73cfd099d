// The lazily loaded pages the server renders (and the 404 page it may answer with), each preloadable
// (lib/lazy-page.ts) and named by its source as Vite's manifest names it.
import { lazyPage } from './lib/lazy-page';

export const ArticlePage = lazyPage('src/features/articles/pages/ArticlePage.tsx', () => import('./features/articles/pages/ArticlePage'));
export const AuthorPage = lazyPage('src/features/articles/pages/AuthorPage.tsx', () => import('./features/articles/pages/AuthorPage'));
export const NotFoundPage = lazyPage('src/features/system/pages/NotFoundPage.tsx', () => import('./features/system/pages/NotFoundPage'));
export const EventsPage = lazyPage('src/features/events/pages/EventsPage.tsx', () => import('./features/events/pages/EventsPage'));
export const EventPage = lazyPage('src/features/events/pages/EventPage.tsx', () => import('./features/events/pages/EventPage'));
export const SearchPage = lazyPage('src/features/search/pages/SearchPage.tsx', () => import('./features/search/pages/SearchPage'));
export const PrivacyPage = lazyPage('src/features/privacy/pages/PrivacyPage.tsx', () => import('./features/privacy/pages/PrivacyPage'));
export const PricingPage = lazyPage('src/features/payments/pages/PricingPage.tsx', () => import('./features/payments/pages/PricingPage'));
