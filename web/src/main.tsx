// Browser entry. A page the server rendered (ssr/state.ts) is hydrated: its query cache is restored,
// so nothing the HTML holds is fetched again, and its lazy page is loaded first, so hydration never
// falls back to a loading state. Any other page (the SPA shell) is rendered from scratch.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import './styles/public.css';
// zod's own messages in pt-BR for the forms that check a shared schema before sending.
import '../../shared/zod-pt-br';
import { AppRoutes, preloadPage } from './App';
import { AppProviders, createQueryClient } from './AppProviders';
import type { RenderInfo } from './lib/render-context';
import { STATE_ELEMENT_ID, type PageState } from './ssr/state';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

function readState(): PageState | null {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch (error) {
    console.error('page state unreadable', error);
    return null;
  }
}

const state = readState();
const queryClient = createQueryClient();
const info: RenderInfo = state?.info ?? { origin: window.location.origin, renderedAt: Date.now(), notFound: false };
if (state) {
  // The edge purges a page whenever its data changes (lambdas/pages), so what it holds is current:
  // count it as fetched now, not when the page was rendered.
  const now = Date.now();
  for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state.queries);
}

const app = (
  <AppProviders queryClient={queryClient} info={info}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);

if (state && container.firstElementChild) {
  // Hydrated as a transition, React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page it already shows stays responsive.
  preloadPage(window.location.pathname, info.notFound)
    .catch((error: unknown) => console.error('page chunk failed to load', error))
    .finally(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
