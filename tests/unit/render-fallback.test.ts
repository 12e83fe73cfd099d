// The render function's answers when it cannot render a page: the SPA shell (which fetches its own
// data), cached briefly, never a 5xx; and the shell for addresses it does not render.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SHELL = '<!doctype html><html><head><title>Portal Plural</title></head><body><div id="root"></div></body></html>';

vi.mock('../../lambdas/pages/document', () => ({
  loadShell: () => ({ html: SHELL, manifest: {} }),
  pageDocument: () => {
    throw new Error('not expected: every page here fails or is not rendered');
  },
}));
vi.mock('../../lambdas/articles/public', async (importOriginal) => {
  const down = async () => {
    throw new Error('DynamoDB is unreachable');
  };
  return { ...(await importOriginal<object>()), home: down, anonymousArticle: down, authorPage: down };
});

const event = (path: string, method = 'GET') =>
  ({ rawPath: path, rawQueryString: '', headers: {}, requestContext: { http: { method } } }) as unknown as APIGatewayProxyEventV2;

// The first import of the renderer transforms the whole web app's module graph: seconds on a busy machine.
const IMPORT_TIMEOUT = 30_000;

describe('render function fallbacks', () => {
  beforeEach(() => {
    process.env.SITE_URL = 'https://portal.example';
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  });

  it('answers the shell, cached for seconds only, when a page cannot be rendered', async () => {
    const { handler } = await import('../../lambdas/pages/render');
    for (const path of ['/', '/article/qualquer', '/author/alguem']) {
      const result = await handler(event(path));
      expect(result.statusCode, path).toBe(200);
      expect(result.body).toBe(SHELL);
      expect(result.headers?.['cache-control']).toBe('public, max-age=0, s-maxage=10');
    }
  }, IMPORT_TIMEOUT);

  it('answers the shell for the addresses it does not render, and 405 to other methods', async () => {
    const { handler } = await import('../../lambdas/pages/render');
    const shell = await handler(event('/dashboard'));
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe(SHELL);
    expect(shell.headers?.['cache-control']).toMatch(/s-maxage=3600/);
    expect((await handler(event('/', 'POST'))).statusCode).toBe(405);
  }, IMPORT_TIMEOUT);
});
