// The 404 page (web/src/features/system/pages/NotFoundPage.tsx) tells the server which address a
// reader without the app tried, as the page's effect does in the app (the server logs it).
import { apiPost } from './lib/api';
import type { Island } from './lib/island';

const notFound: Island = () => {
  // Failures are ignored, as in the app (web/src/features/system/api/system.ts).
  apiPost('/not-found', { path: `${location.pathname}${location.search}` }).catch(() => undefined);
};

export default notFound;
