// The search engine this deployment uses: static Pagefind indexes (no search servers). Another engine
// implements SearchProvider (provider.ts) and is named here.
import { pagefindProvider } from './pagefind-provider';
import type { SearchProvider } from './provider';

export const searchProvider: SearchProvider = pagefindProvider;
