import { describe, expect, it } from 'vitest';
import { matchesPattern } from '../../infra/local/event-pattern';
import { matchRoute } from '../../infra/local/gateway';
import { loadConfig } from '../../infra/local/config';
import { PIPELINES } from '../../lambdas/contexts';

describe('the local event bus', () => {
  const welcome = PIPELINES.find((pipeline) => pipeline.name === 'welcome-mail')!;
  it('routes UserSignedUp from portal.users to the welcome mail queue', () =>
    expect(matchesPattern(welcome.pattern, { source: 'portal.users', 'detail-type': 'UserSignedUp' })).toBe(true));
  it('does not route another event type or source', () => {
    expect(matchesPattern(welcome.pattern, { source: 'portal.users', 'detail-type': 'UserDeleted' })).toBe(false);
    expect(matchesPattern(welcome.pattern, { source: 'portal.articles', 'detail-type': 'UserSignedUp' })).toBe(false);
  });
});

describe('the local gateway', () => {
  it('maps a request to its route from the shared table', () => {
    expect(matchRoute('GET', '/api/me')?.route).toMatchObject({ context: 'users', auth: 'required' });
    expect(matchRoute('POST', '/api/me')).toBeUndefined();
    expect(matchRoute('GET', '/api/me/extra')).toBeUndefined();
  });
});

describe('local settings', () => {
  it('derives every stand-in port from PORT', () => {
    const config = loadConfig([], { PORT: '4000' });
    expect(Object.values(config.ports)).toEqual([4000, 4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009, 4010, 4011, 4012]);
  });
  it('starts empty with --empty or PORTAL_DEMO=off', () => {
    expect(loadConfig(['--empty'], {}).demo).toBe(false);
    expect(loadConfig([], { PORTAL_DEMO: 'off' }).demo).toBe(false);
    expect(loadConfig([], {}).demo).toBe(true);
  });
  it('listens on 127.0.0.1 unless PORTAL_HOST opens it', () => {
    expect(loadConfig([], {}).host).toBe('127.0.0.1');
    expect(loadConfig([], { PORTAL_HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig([], { PORTAL_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('stream records from DynamoDB Local', () => {
  it('gives back the type of empty maps, which DynamoDB Local drops, and leaves typed values as they are', async () => {
    const { restoreEmptyMaps } = await import('../../infra/local/pollers');
    const { unmarshall } = await import('@aws-sdk/util-dynamodb');
    const image = restoreEmptyMaps({
      metadata: {},
      kept: { M: {} },
      nested: { M: { inner: {}, list: { L: [{}, { S: 'x' }] } } },
      name: { S: 'Ana' },
    });
    expect(image).toEqual({
      metadata: { M: {} },
      kept: { M: {} },
      nested: { M: { inner: { M: {} }, list: { L: [{ M: {} }, { S: 'x' }] } } },
      name: { S: 'Ana' },
    });
    expect(unmarshall(image as never)).toEqual({ metadata: {}, kept: {}, nested: { inner: {}, list: [{}, 'x'] }, name: 'Ana' });
  });
});
