// The local front door as an attacker meets it: malformed paths, oversized bodies and the security
// headers every answer carries (the same definitions CloudFront applies on AWS).
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PortalClient } from '../support/api';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl } = workerRuntime();
const portal = new PortalClient(baseUrl);

const MALFORMED = ['%ZZ', '%E0%A4%A', '%C0%AE%C0%AE', '%', 'abc%2'];
const ARTICLE = '00000000-0000-4000-8000-000000000000';

describe('malformed percent-encoding', () => {
  it('answers 400 with a pt-BR message on every route with a path parameter', async () => {
    for (const bad of MALFORMED) {
      for (const [method, path] of [
        ['GET', `/api/articles/by-slug/${bad}`],
        ['GET', `/api/articles/${bad}`],
        ['PUT', `/api/articles/${bad}`],
        ['DELETE', `/api/articles/${bad}`],
        ['GET', `/api/articles/${bad}/related`],
        ['POST', `/api/articles/${bad}/view`],
        ['GET', `/api/articles/${bad}/versions`],
        ['POST', `/api/articles/${ARTICLE}/versions/${bad}/restore`],
      ] as const) {
        const response = await portal.request(method, path);
        expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
        expect(response.body.message).toBe('Endereço inválido.');
      }
    }
  });

  it('serves the 404 page for a malformed site path', async () => {
    for (const bad of MALFORMED) {
      const response = await fetch(`${baseUrl}/${bad}`);
      expect(response.status, bad).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    }
  });
});

describe('oversized bodies', () => {
  it('answers 413 with a pt-BR JSON message instead of resetting the connection', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) });
    const response = await fetch(`${baseUrl}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Requisição muito grande: o limite é de 10 MB.' });
  });

  it('answers 413 to a body sent in chunks without a declared length', async () => {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${baseUrl}/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      const chunk = 'x'.repeat(1024 * 1024);
      for (let index = 0; index < 11; index += 1) request.write(chunk);
      request.end();
    });
    expect(status).toBe(413);
    expect(JSON.parse(text)).toEqual({ message: 'Requisição muito grande: o limite é de 10 MB.' });
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Headers) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  };

  it('sends them with the site pages', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(response.headers);
  });

  it('sends them with API answers, errors included, and JSON carries nosniff', async () => {
    for (const path of ['/api/home', '/api/nada-aqui', '/api/articles/by-slug/nao-existe', '/config.json']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expectSecurityHeaders(response.headers);
    }
  });
});

describe('compression, as CloudFront does it', () => {
  const raw = (path: string, acceptEncoding: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
      const request = httpRequest(`${baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ headers: response.headers, bytes }));
      });
      request.on('error', reject);
      request.end();
    });

  it('sends text larger than 1,000 bytes with brotli or gzip, whichever the client accepts', async () => {
    // A rendered page names its entry script for the boot script (data-entry); the shell links it.
    const script = /(?:src|data-entry)="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${baseUrl}/`)).text())?.[1];
    expect(script).toBeDefined();
    const plain = await raw(script!, '');
    const brotli = await raw(script!, 'gzip, deflate, br');
    const gzip = await raw(script!, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.bytes).toBeLessThan(plain.bytes / 2);
    expect(brotli.headers.vary).toBe('accept-encoding');
  });

  it('leaves small answers as they are', async () => {
    expect((await raw('/api/articles/by-slug/nao-existe', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
