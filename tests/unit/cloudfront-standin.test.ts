// The CloudFront stand-in as the page-purge worker meets it: through the real SDK client, on a free
// loopback port, purging a local edge cache.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CloudFrontClient, CreateInvalidationCommand, type CreateInvalidationCommandInput } from '@aws-sdk/client-cloudfront';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_DISTRIBUTION_ID, startCloudFront, type InvalidationRecord } from '../../infra/local/cloudfront';
import { EdgeCache } from '../../infra/local/edge-cache';
import { PAGE_CACHE } from '../../lambdas/pages/contract';

const KEYS = ['/', '/?city=campinas-sp', '/author/u1', '/author/u1?page=2', '/author/u12', '/article/um-artigo', '/campinas-sp/um-artigo', '/article/outro'];

let server: Server;
let client: CloudFrontClient;
let cache: EdgeCache;
const records: InvalidationRecord[] = [];

beforeAll(async () => {
  // One cache object for the server's lifetime; each test refills it.
  cache = new EdgeCache();
  server = await startCloudFront(0, cache, (record) => records.push(record));
  const { port } = server.address() as AddressInfo;
  client = new CloudFrontClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
});
afterAll(async () => {
  client?.destroy();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  records.length = 0;
  cache.invalidate(['/*']);
  for (const key of KEYS) cache.put(key, { status: 200, headers: { 'cache-control': PAGE_CACHE.rendered }, body: key });
});

const invalidation = (paths: string[], distributionId = LOCAL_DISTRIBUTION_ID, quantity = paths.length): CreateInvalidationCommand =>
  new CreateInvalidationCommand({
    DistributionId: distributionId,
    InvalidationBatch: { CallerReference: 'lote-1', Paths: { Quantity: quantity, Items: paths } },
  } satisfies CreateInvalidationCommandInput);
const cached = () => KEYS.filter((key) => cache.get(key));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as Error & { $metadata: { httpStatusCode?: number } },
  );

describe('CreateInvalidation through the SDK', () => {
  it('purges the cached pages the paths name and answers an invalidation the SDK reads', async () => {
    const paths = ['/', '/?*', '/author/u1', '/author/u1?*', '/article/um-artigo', '/campinas-sp/um-artigo'];
    const answer = await client.send(invalidation(paths));
    expect(answer.$metadata.httpStatusCode).toBe(201);
    expect(answer.Invalidation?.Id).toMatch(/^I[0-9A-F]{13}$/);
    expect(answer.Invalidation?.Status).toBe('Completed');
    expect(answer.Invalidation?.CreateTime).toBeInstanceOf(Date);
    expect(answer.Invalidation?.InvalidationBatch).toEqual({ CallerReference: 'lote-1', Paths: { Quantity: paths.length, Items: paths } });
    expect(answer.Location).toBe(`https://cloudfront.amazonaws.com/2020-05-31/distribution/${LOCAL_DISTRIBUTION_ID}/invalidation/${answer.Invalidation?.Id}`);
    expect(cached()).toEqual(['/author/u12', '/article/outro']);
    expect(records).toEqual([{ id: answer.Invalidation?.Id, paths, dropped: 6, at: expect.any(String) }]);
  });

  it('purges everything for /*', async () => {
    await client.send(invalidation(['/*']));
    expect(cached()).toEqual([]);
  });

  it('reads back paths with characters XML escapes', async () => {
    const paths = ['/article/p&g', '/article/<a>', "/article/'q'"];
    for (const key of paths) cache.put(key, { status: 200, headers: { 'cache-control': PAGE_CACHE.rendered }, body: key });
    const answer = await client.send(invalidation(paths));
    expect(answer.Invalidation?.InvalidationBatch?.Paths?.Items).toEqual(paths);
    expect(records[0]).toMatchObject({ paths, dropped: 3 });
  });

  it('throws NoSuchDistribution for another distribution, purging nothing', async () => {
    const error = await failure(client.send(invalidation(['/*'], 'EOUTRADISTRIB')));
    expect(error.name).toBe('NoSuchDistribution');
    expect(error.$metadata.httpStatusCode).toBe(404);
    expect(cached()).toEqual(KEYS);
    expect(records).toEqual([]);
  });

  it('throws InvalidArgument for a path that does not start with /, purging nothing', async () => {
    const error = await failure(client.send(invalidation(['/', 'article/um-artigo'])));
    expect(error.name).toBe('InvalidArgument');
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(cached()).toEqual(KEYS);
    expect(records).toEqual([]);
  });

  it('throws InvalidArgument when Quantity does not count the paths, or there are none', async () => {
    expect((await failure(client.send(invalidation(['/', '/?*'], LOCAL_DISTRIBUTION_ID, 3)))).name).toBe('InvalidArgument');
    expect((await failure(client.send(invalidation([])))).name).toBe('InvalidArgument');
    expect(cached()).toEqual(KEYS);
  });
});
