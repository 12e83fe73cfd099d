import { describe, expect, inject, it } from 'vitest';
import { PortalClient } from '../support/api';

const { baseUrl } = inject('runtime');
const portal = new PortalClient(baseUrl);

describe('the local runtime', () => {
  it('reports every stand-in up on /api/health', async () => {
    const health = await portal.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: 'ok',
      services: { dynamodb: 'up', cognito: 'up', s3: 'up', sqs: 'up', eventbridge: 'up', mail: 'up', pollers: 'up' },
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
