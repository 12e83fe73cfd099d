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
    expect(Object.values(config.ports)).toEqual([4000, 4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009, 4010, 4011, 4012, 4013, 4014, 4015]);
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

describe('the local buses', () => {
  it('tells the default bus (no name, its name or its ARN) from the portal’s, and knows no other', async () => {
    const { busOf } = await import('../../infra/local/standins');
    expect([undefined, '', 'default', 'arn:aws:events:us-east-1:000000000000:event-bus/default'].map(busOf)).toEqual(['default', 'default', 'default', 'default']);
    expect(['portal-events', 'arn:aws:events:us-east-1:000000000000:event-bus/portal-events'].map(busOf)).toEqual(['portal', 'portal']);
    expect(busOf('another-bus')).toBeUndefined();
  });
});

describe('the SES stand-in’s events', () => {
  const config = { region: 'us-east-1', accountId: '000000000000' };
  const sent = (to: string[], configurationSet?: string) => ({
    ConfigurationSetName: configurationSet,
    FromEmailAddress: 'Portal Plural <nao-responda@portal.local>',
    Destination: { ToAddresses: to },
    Content: { Simple: { Subject: { Data: 'Assunto' }, Headers: [{ Name: 'List-Unsubscribe', Value: '<https://x/u>' }] } },
  });
  const details = (entries: { DetailType?: string; Detail?: string }[]) =>
    entries.map((entry) => ({ type: entry.DetailType, ...(JSON.parse(entry.Detail!) as Record<string, unknown>) }));

  it('puts nothing for a send without a configuration set', async () => {
    const { sesEvents } = await import('../../infra/local/ses');
    expect(sesEvents(sent(['a@b.com']), 'm1', config)).toEqual([]);
  });

  it('puts a send and a delivery on the default bus as aws.ses, with the mail SES describes', async () => {
    const { sesEvents } = await import('../../infra/local/ses');
    const entries = sesEvents(sent(['Ana <ana@b.com>'], 'portal-mail'), 'm1', config);
    expect(entries.every((entry) => entry.Source === 'aws.ses' && entry.EventBusName === 'default')).toBe(true);
    const [send, delivery] = details(entries);
    expect(send).toMatchObject({ type: 'Email Sent', eventType: 'Send', mail: { messageId: 'm1', destination: ['Ana <ana@b.com>'], tags: { 'ses:configuration-set': ['portal-mail'] } } });
    expect(delivery).toMatchObject({ type: 'Email Delivered', eventType: 'Delivery', delivery: { recipients: ['ana@b.com'] } });
    expect(entries).toHaveLength(2);
  });

  it('answers for the mailbox simulator: a permanent bounce, and a complaint after the delivery', async () => {
    const { sesEvents } = await import('../../infra/local/ses');
    const entries = details(sesEvents(sent(['bounce@simulator.amazonses.com', 'complaint+x@simulator.amazonses.com'], 'portal-mail'), 'm2', config));
    expect(entries.map((entry) => entry.type)).toEqual(['Email Sent', 'Email Bounced', 'Email Delivered', 'Email Complaint Received']);
    expect(entries[1]).toMatchObject({ bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'bounce@simulator.amazonses.com' }] } });
    expect(entries[3]).toMatchObject({ complaint: { complainedRecipients: [{ emailAddress: 'complaint+x@simulator.amazonses.com' }] } });
  });
});
