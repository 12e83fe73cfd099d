import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, contextNamed, CONTEXTS, EVENT_CATALOGUE, INGEST_QUEUES, PIPELINES, routeKey } from '../../lambdas/contexts';
import { fillsDefaults } from '../../lambdas/platform/http';
import type { RouteSpec } from '../../lambdas/platform/contract';
import { articleCreateSchema, articleUpdateSchema } from '../../shared/articles';

const lambdas = path.resolve(import.meta.dirname, '../../lambdas');

describe('the list of contexts', () => {
  it('names each context once, after its folder', () => {
    const names = CONTEXTS.map((context) => context.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(existsSync(path.join(lambdas, name, 'contract.ts')), name).toBe(true);
  });

  it('gives every route one owner, and every context with routes an HTTP handler', () => {
    const keys = API_ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of API_ROUTES) expect(existsSync(path.join(lambdas, route.context, 'http.ts')), route.context).toBe(true);
  });

  it('routes every pipeline to an existing worker, on events the catalogue knows with their source', () => {
    for (const pipeline of PIPELINES) {
      expect(existsSync(path.join(lambdas, pipeline.context, `${pipeline.file}.ts`)), pipeline.name).toBe(true);
      if (pipeline.bus === 'default') {
        // An AWS service's own events (SES's), never ours: no portal source may reach that bus.
        expect(pipeline.pattern.source.every((source) => source.startsWith('aws.')), pipeline.name).toBe(true);
        continue;
      }
      for (const type of pipeline.pattern['detail-type']) {
        const event = EVENT_CATALOGUE[type];
        expect(event, type).toBeDefined();
        expect(pipeline.pattern.source).toContain(event?.source);
      }
    }
  });

  it('gives every directly fed queue a worker, a name of its own and its URL in its context\'s environment', () => {
    const names = [...PIPELINES, ...INGEST_QUEUES].map((queue) => queue.name);
    expect(new Set(names).size).toBe(names.length);
    for (const queue of INGEST_QUEUES) {
      expect(existsSync(path.join(lambdas, queue.context, `${queue.file}.ts`)), queue.name).toBe(true);
      expect(contextNamed(queue.context).environment as readonly string[], queue.name).toContain(queue.urlVariable);
      // Above 10 messages a batch, AWS needs a batching window.
      if (queue.batchSize > 10) expect(queue.batchWindowSeconds, queue.name).toBeGreaterThan(0);
    }
  });
});

describe('the HTTP edge', () => {
  it('tells a schema that fills in defaults from one that does not', () => {
    expect(fillsDefaults(articleCreateSchema)).toBe(true);
    expect(fillsDefaults(articleUpdateSchema)).toBe(false);
  });

  it('lets no update route carry create-time defaults', () => {
    for (const context of CONTEXTS) {
      for (const [key, spec] of Object.entries(context.routes) as [string, RouteSpec][]) {
        if (/^(PUT|PATCH) /.test(key) && spec.body) expect(fillsDefaults(spec.body), key).toBe(false);
      }
    }
  });
});
