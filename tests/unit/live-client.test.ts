// The browser's side of live updates, with a fake WebSocket: one socket per tab for every listener,
// the token as a subprotocol, subscriptions sent on open and again after a reconnect with backoff,
// events to their channel's listeners only, a new socket for another user; and the notification
// list's cache updates (live pushes, reads, archives).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PROTOCOL } from '../../shared/live';
import { LIVE_RESYNC } from '../../web/src/lib/live';
import type { Notification, NotificationList } from '../../shared/notifications';
import { allRead, withNotification } from '../../web/src/features/notifications/api/cache';

vi.mock('../../web/src/lib/api', () => ({ accessToken: vi.fn(async () => 'token-da-sessao') }));
vi.mock('../../web/src/lib/config', () => ({ loadConfig: vi.fn(async () => ({ liveUrl: '/ws' })) }));

class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen?: () => void;
  onmessage?: (message: { data: string }) => void;
  onclose?: () => void;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the live connection', () => {
  let live: import('../../web/src/lib/live').LiveConnection;

  beforeEach(async () => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
    const { LiveConnection } = await import('../../web/src/lib/live');
    live = new LiveConnection((url, protocols) => new FakeSocket(url, protocols) as unknown as WebSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one socket for every listener, with the token as a subprotocol, and follows articles once open', async () => {
    const events: string[] = [];
    live.onUser('u1', (event) => events.push(`user:${event.name}`));
    live.onArticle('u1', 'a1', (event) => events.push(`a1:${event.name}`));
    live.onArticle('u1', 'a1', (event) => events.push(`a1 again:${event.name}`));
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost:3000/ws');
    expect(socket.protocols).toEqual([LIVE_PROTOCOL, 'token-da-sessao']);
    socket.open();
    expect(socket.sent).toEqual([{ action: 'subscribe', article_id: 'a1' }]);
    socket.push({ type: 'event', channel: 'article#a1', name: 'InternalCommentAdded', detail: {} });
    socket.push({ type: 'event', channel: 'article#a2', name: 'InternalCommentAdded', detail: {} });
    socket.push({ type: 'event', channel: 'user#u1', name: 'NotificationCreated', detail: {} });
    expect(events).toEqual(['a1:InternalCommentAdded', 'a1 again:InternalCommentAdded', 'user:NotificationCreated']);
  });

  it('subscribes and unsubscribes on the open socket, and closes it a little after the last listener leaves', async () => {
    const stopUser = live.onUser('u1', () => undefined);
    await flush();
    const socket = FakeSocket.all[0]!;
    socket.open();
    const stopArticle = live.onArticle('u1', 'a9', () => undefined);
    stopArticle();
    expect(socket.sent).toEqual([
      { action: 'subscribe', article_id: 'a9' },
      { action: 'unsubscribe', article_id: 'a9' },
    ]);
    stopUser();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(socket.readyState).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(socket.readyState).toBe(3);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects after a drop, with a growing wait, and follows the same articles again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const names: string[] = [];
    live.onArticle('u1', 'a1', (event) => names.push(event.name));
    await flush();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(900);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSocket.all).toHaveLength(2);
    // The server refuses (the socket closes before opening): the next wait is longer.
    FakeSocket.all[1]!.drop();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.open();
    expect(FakeSocket.all[2]!.sent).toEqual([{ action: 'subscribe', article_id: 'a1' }]);
    // Events may have been missed while it was down: the listener is told to read again.
    expect(names).toEqual([LIVE_RESYNC]);
  });

  it('never reuses a socket opened for another user', async () => {
    live.onArticle('u1', 'a1', () => undefined);
    await flush();
    const first = FakeSocket.all[0]!;
    first.open();
    live.onUser('u2', () => undefined);
    await flush();
    expect(first.readyState).toBe(3);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.sent).toEqual([]);
  });

  it('waits with full jitter below a doubling ceiling of at most 30 s', async () => {
    const { reconnectDelay, liveAddress } = await import('../../web/src/lib/live');
    expect(reconnectDelay(0, () => 0.5)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(4_000);
    expect(reconnectDelay(20, () => 0.999)).toBeLessThan(30_000);
    expect(reconnectDelay(5, () => 0)).toBe(250);
    expect(liveAddress('wss://abc.execute-api.sa-east-1.amazonaws.com/live', 'https://portal.example')).toBe('wss://abc.execute-api.sa-east-1.amazonaws.com/live');
    expect(liveAddress('/ws', 'https://portal.example')).toBe('wss://portal.example/ws');
  });
});

describe('the notification list in the cache', () => {
  const at = (second: number) => `2026-03-01T10:00:${String(second).padStart(2, '0')}.000Z`;
  const notification = (id: string, second: number, status: Notification['status'] = 'unread'): Notification => ({
    id,
    user_id: 'u1',
    type: 'PUBLISH_SUCCESS',
    message: id,
    status,
    read_at: status === 'read' ? 'x' : null,
    archived_at: null,
    created_at: at(second),
    metadata: {},
    article_id: null,
  });
  const list: NotificationList = { notifications: [notification('b', 2), notification('a', 1, 'read')], unread_count: 1 };

  it('puts a pushed notification first and counts it once, however many times it comes', () => {
    const once = withNotification(list, notification('c', 3))!;
    expect(once.notifications.map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
    expect(once.unread_count).toBe(2);
    expect(withNotification(once, notification('c', 3))).toEqual(once);
    expect(withNotification(undefined, notification('c', 3))).toBeUndefined();
  });

  it('counts a read one out, takes an archived one out of the list, and reads all', () => {
    expect(withNotification(list, { ...notification('b', 2), status: 'read', read_at: 'y' })!.unread_count).toBe(0);
    const archived = withNotification(list, { ...notification('b', 2), status: 'archived', archived_at: 'y' })!;
    expect(archived.notifications.map((entry) => entry.id)).toEqual(['a']);
    expect(archived.unread_count).toBe(0);
    const read = allRead(list, 'agora')!;
    expect(read.unread_count).toBe(0);
    expect(read.notifications.map((entry) => [entry.status, entry.read_at])).toEqual([
      ['read', 'agora'],
      ['read', 'x'],
    ]);
  });
});
