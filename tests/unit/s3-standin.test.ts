// The S3 stand-in's PUT is atomic, as S3's is: a GET that meets a rewrite of the same key gets one
// whole version, never a cut one (the site's search read a half-written pagefind/indices.json).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type LocalConfig } from '../../infra/local/config';
import { startS3 } from '../../infra/local/standins';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let config: LocalConfig;
let s3: S3Client;
let stop: () => Promise<void>;

beforeAll(async () => {
  const base = loadConfig([], { PORTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), 's3-standin-')) });
  config = { ...base, ports: { ...base.ports, s3: await freePort() } };
  ({ close: stop } = await startS3(config));
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${config.ports.s3}`,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  s3.destroy();
  await stop();
  rmSync(config.dataDir, { recursive: true, force: true });
});

const version = (round: number) => JSON.stringify({ round, pages: 'x'.repeat(200_000 + round * 1_000) });

describe('the S3 stand-in', () => {
  it('answers a GET during rewrites of the key with one whole version, as S3 does', async () => {
    const Bucket = config.siteBucket;
    const Key = 'pagefind/indices.json';
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: version(0), ContentType: 'application/json' }));
    const rounds = 30;
    let writing = true;
    const writer = (async () => {
      for (let round = 1; round <= rounds; round++) await s3.send(new PutObjectCommand({ Bucket, Key, Body: version(round), ContentType: 'application/json' }));
      writing = false;
    })();
    const seen = new Set<number>();
    const reader = async () => {
      while (writing) {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key }));
        const text = await object.Body!.transformToString();
        const parsed = JSON.parse(text) as { round: number };
        expect(text).toBe(version(parsed.round));
        expect(object.ContentType).toBe('application/json');
        seen.add(parsed.round);
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    // The readers met the rewrites: they saw several versions, not only the first or the last.
    expect(seen.size).toBeGreaterThan(3);
  });

  it('answers NoSuchKey for a key never written', async () => {
    await expect(s3.send(new GetObjectCommand({ Bucket: config.siteBucket, Key: 'nada.json' }))).rejects.toBeInstanceOf(NoSuchKey);
  });
});
