import { describe, expect, it } from 'vitest';
import { PortalClient } from '../support/api';
import { launchRuntime } from '../support/runtime';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl } = workerRuntime();
const portal = new PortalClient(baseUrl);

describe('the local runtime', () => {
  it('reports every stand-in up on /api/health', async () => {
    const health = await portal.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: 'ok',
      services: { dynamodb: 'up', cognito: 'up', s3: 'up', sqs: 'up', eventbridge: 'up', ses: 'up', mail: 'up', pollers: 'up', google: 'up' },
    });
  });

  it('serves /config.json with the user pool and the local Cognito endpoint', async () => {
    const config = await portal.config();
    expect(config.userPoolId).toMatch(/^local_/);
    expect(config.userPoolClientId).toBeTruthy();
    expect(config.userPoolEndpoint).toBe('/cognito');
    expect(config.apiBase).toBe('/api');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    expect((await portal.request('GET', '/api/nada-aqui')).status).toBe(404);
  });

  it('accepts the 404 page report of an attempted path', async () => {
    expect((await portal.request('POST', '/api/not-found', { body: { path: '/pagina-que-nao-existe' } })).status).toBe(204);
    expect((await portal.request('POST', '/api/not-found', { body: {} })).status).toBe(400);
  });
});

describe('a fresh start with demo content', () => {
  it('opens its port only once the demo is seeded, so nobody can claim master in between', async () => {
    const { gatewayPort: port, ready } = await launchRuntime();
    // Poll from the moment the port is chosen: the first answer must already know the master.
    const first = await (async () => {
      for (const deadline = Date.now() + 110_000; Date.now() < deadline; ) {
        const answer = await fetch(`http://127.0.0.1:${port}/api/master`).then(
          (response) => response.json() as Promise<{ exists: boolean }>,
          () => undefined,
        );
        if (answer) return answer;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return undefined;
    })();
    const runtime = await ready;
    try {
      expect(first).toEqual({ exists: true });
      const home = await new PortalClient(runtime.baseUrl).request('GET', '/api/home');
      expect((home.body.articles as unknown[]).length).toBeGreaterThan(0);
      // The seed writes through the article store, so the author pages list the demo articles too.
      const lead = (home.body.articles as { author: { id: string } }[])[0]!;
      const authorPage = await new PortalClient(runtime.baseUrl).request('GET', `/api/authors/${lead.author.id}`);
      expect(authorPage.body).toMatchObject({ published_count: expect.any(Number), page: 1 });
      expect((authorPage.body.articles as unknown[]).length).toBeGreaterThan(0);
      // The seed ends by regenerating the sitemaps and feeds: they are there as the port opens.
      for (const path of ['/sitemap.xml', '/sitemap-news.xml', '/rss.xml', '/robots.txt']) {
        expect((await fetch(`${runtime.baseUrl}${path}`)).status, path).toBe(200);
      }
    } finally {
      await runtime.stop();
    }
  }, 120_000);
});
