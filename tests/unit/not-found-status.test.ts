// Every address the app has no page for is answered with the 404 page and a real 404 status (a 200
// would be a soft 404 that search engines index); the signed-in app's routes stay with the shell.
import { describe, expect, it } from 'vitest';
import { renderPage, type PageSources } from '../../web/src/entry-server';

// None of these addresses needs data: a read would be a mistake.
const unread = async (): Promise<never> => {
  throw new Error('no read expected');
};
const sources: PageSources = {
  home: unread,
  article: unread,
  author: unread,
  upcomingEvents: unread,
  events: unread,
  event: unread,
  searchSuggestions: unread,
};

// The first import of the renderer transforms the whole web app's module graph: seconds on a busy machine.
const IMPORT_TIMEOUT = 30_000;

describe('unknown addresses', () => {
  it('are the 404 page with status 404 and noindex, at one level or three, and /404 itself', async () => {
    for (const path of ['/qualquercoisa', '/a/b/c', '/404', '/article/x/y/z']) {
      const page = await renderPage(new URL(path, 'https://portal.example'), sources, 'https://portal.example');
      expect(page?.status, path).toBe(404);
      expect(page?.html, path).toContain('Página não encontrada');
      expect(page?.head, path).toContain('<meta name="robots" content="noindex"');
    }
  }, IMPORT_TIMEOUT);

  it('leaves the routes of the signed-in app to the shell', async () => {
    for (const path of ['/dashboard', '/settings', '/auth', '/events/create']) {
      expect(await renderPage(new URL(path, 'https://portal.example'), sources, 'https://portal.example'), path).toBeNull();
    }
  }, IMPORT_TIMEOUT);
});
