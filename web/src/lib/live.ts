// Live updates (lambdas/live): one WebSocket per tab, opened on the first listener (the hooks in
// useLive.ts open it only for signed-in staff, after hydration) and closed a little after the last
// one leaves. The access token travels as the second offered subprotocol (a browser cannot set
// headers on a WebSocket). A dropped socket is reopened with a fresh token after a growing, jittered
// wait, and the articles followed are subscribed again. Listeners get the events of their channel.
import { articleChannel, LIVE_PROTOCOL, userChannel, type LiveEvent, type LiveMessage, type LiveRequest } from '../../../shared/live';
import { accessToken } from './api';
import { loadConfig } from './config';

export type LiveListener = (event: LiveEvent) => void;

/**
 * Handed to every listener when a dropped socket is open again: events may have been missed in
 * between, so what they show should be read again.
 */
export const LIVE_RESYNC = 'LiveResync';

export const LIVE_TIMING = {
  /** The first reconnect waits up to this; each failure doubles the ceiling, up to maxDelayMs. */
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** API Gateway closes a WebSocket idle for 10 minutes. */
  pingMs: 5 * 60_000,
  /** A page change unsubscribes and subscribes again at once: keep the socket over such a gap. */
  lingerMs: 5_000,
};

/** "Full jitter": a random wait below the exponential ceiling, so tabs that lost the server spread out. */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.max(250, Math.floor(random() * Math.min(LIVE_TIMING.maxDelayMs, LIVE_TIMING.baseDelayMs * 2 ** attempt)));

/** The socket's address: config.json's liveUrl, absolute on AWS, a path on this origin locally. */
export function liveAddress(liveUrl: string, origin: string): string {
  const url = new URL(liveUrl, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

export class LiveConnection {
  private socket: WebSocket | undefined;
  /** Whose token opened the socket: another user's listener gets a socket of their own. */
  private owner: string | undefined;
  private connecting = false;
  private attempt = 0;
  /** Whether a socket was open since the last close(): the next open is a reconnect. */
  private wasOpen = false;
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly openSocket: (url: string, protocols: string[]) => WebSocket = (url, protocols) => new WebSocket(url, protocols)) {}

  /** The signed-in user's own events (notifications); returns the unsubscribe function. */
  onUser(userId: string, listener: LiveListener): () => void {
    return this.listen(userId, userChannel(userId), listener);
  }

  /** An article's events (its internal comments) for the signed-in user; the server admits only those who may edit it. */
  onArticle(userId: string, articleId: string, listener: LiveListener): () => void {
    return this.listen(userId, articleChannel(articleId), listener);
  }

  private listen(owner: string, channel: string, listener: LiveListener): () => void {
    if (owner !== this.owner) {
      // Signed in as someone else: never reuse the previous user's socket (nor its subscriptions).
      this.close();
      this.listeners.clear();
      this.owner = owner;
    }
    const set = this.listeners.get(channel) ?? new Set<LiveListener>();
    const first = set.size === 0;
    set.add(listener);
    this.listeners.set(channel, set);
    clearTimeout(this.lingerTimer);
    if (first) this.follow(channel, true);
    this.ensureOpen();
    return () => {
      set.delete(listener);
      if (set.size) return;
      this.listeners.delete(channel);
      this.follow(channel, false);
      if (!this.listeners.size) this.lingerTimer = setTimeout(() => this.close(), LIVE_TIMING.lingerMs);
    };
  }

  /** Subscribes to an article channel on the open socket (user channels are joined at connect). */
  private follow(channel: string, on: boolean): void {
    if (!channel.startsWith('article#')) return;
    this.send({ action: on ? 'subscribe' : 'unsubscribe', article_id: channel.slice('article#'.length) });
  }

  private send(request: LiveRequest): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(request));
  }

  private ensureOpen(): void {
    if (this.socket || this.connecting || this.retryTimer) return;
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.connecting = true;
    try {
      const [token, config] = await Promise.all([accessToken(), loadConfig()]);
      // Signed out meanwhile, or a deployment without live updates: nothing to open.
      if (!token || !config.liveUrl || !this.listeners.size) return;
      const socket = this.openSocket(liveAddress(config.liveUrl, window.location.origin), [LIVE_PROTOCOL, token]);
      this.socket = socket;
      socket.onopen = () => {
        this.attempt = 0;
        for (const channel of this.listeners.keys()) this.follow(channel, true);
        if (this.wasOpen) {
          for (const [channel, set] of this.listeners) for (const listener of [...set]) listener({ type: 'event', channel, name: LIVE_RESYNC, detail: {} });
        }
        this.wasOpen = true;
        this.pingTimer = setInterval(() => this.send({ action: 'ping' }), LIVE_TIMING.pingMs);
      };
      socket.onmessage = (message) => this.receive(message.data);
      socket.onclose = () => {
        // A socket closed on purpose (close()) is no longer this.socket: nothing to reopen.
        if (this.socket !== socket) return;
        clearInterval(this.pingTimer);
        this.socket = undefined;
        if (this.listeners.size) this.retryLater();
      };
    } catch {
      this.retryLater();
    } finally {
      this.connecting = false;
    }
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.listeners.size) this.ensureOpen();
    }, reconnectDelay(this.attempt++));
  }

  private receive(data: unknown): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(String(data)) as LiveMessage;
    } catch {
      return;
    }
    if (message.type === 'error') console.warn('live:', message.message);
    if (message.type !== 'event') return;
    for (const listener of [...(this.listeners.get(message.channel) ?? [])]) listener(message);
  }

  /** Closes the socket (no listener left, or signed out); a later listener opens a new one. */
  close(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.lingerTimer);
    clearInterval(this.pingTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.attempt = 0;
    this.wasOpen = false;
    socket?.close(1000);
  }
}

/** The tab's one connection. */
export const live = new LiveConnection();
