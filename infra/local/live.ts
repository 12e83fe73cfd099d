// The WebSocket API of live updates, played locally: the gateway upgrades /ws to a WebSocket (the
// `ws` package) and calls the same handler API Gateway calls ($connect decides the handshake,
// messages are routed by their `action`, two-way routes answer the sender, $disconnect on close),
// and a stand-in of the management API (@connections, REST-JSON like the real one) lets the fan-out
// worker post to the sockets with the real SDK client: 410 GoneException when a connection is gone.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { WEBSOCKET_DEFAULT_ROUTE, type WebSocketSpec } from '../../lambdas/platform/contract';
import type { SocketEvent } from '../../lambdas/live/socket';

/** Where the gateway serves the WebSocket API (on AWS: wss://<api>.execute-api.<region>.amazonaws.com/<stage>). */
export const LIVE_PATH = '/ws';
/** API Gateway's limit on a WebSocket message. */
const MAX_MESSAGE = 128 * 1024;
const CONNECTIONS = /^(?:\/[^/@]+)?\/@connections\/([^/?]+)$/;

type SocketHandler = (event: SocketEvent, context: unknown) => Promise<APIGatewayProxyStructuredResultV2 | undefined>;

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** API Gateway's connection ids: 15 base64 characters and a '=' (which the SDK percent-encodes in paths). */
const newConnectionId = () => randomBytes(11).toString('base64');

function refuseHandshake(socket: Duplex, status: number, body = ''): void {
  socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Forbidden'}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export class LocalWebSocketApi {
  private readonly connections = new Map<string, Connection>();
  private readonly chosen = new WeakMap<IncomingMessage, string>();
  private readonly server: WebSocketServer;

  constructor(
    private readonly spec: WebSocketSpec,
    private readonly handler: SocketHandler,
  ) {
    this.server = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_MESSAGE,
      // The subprotocol $connect chose (its Sec-WebSocket-Protocol answer), or none.
      handleProtocols: (_offered, request) => this.chosen.get(request) ?? false,
    });
  }

  private event(routeKey: string, connectionId: string, connection: Pick<Connection, 'connectedAt' | 'sourceIp' | 'userAgent'>, extra: Partial<SocketEvent> = {}): SocketEvent {
    const now = Date.now();
    const eventType = routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
    return {
      isBase64Encoded: false,
      ...extra,
      requestContext: {
        routeKey,
        eventType,
        messageId: eventType === 'MESSAGE' ? randomUUID() : '',
        extendedRequestId: randomUUID(),
        requestTime: new Date(now).toUTCString(),
        messageDirection: 'IN',
        stage: this.spec.stage,
        connectedAt: connection.connectedAt,
        requestTimeEpoch: now,
        requestId: randomUUID(),
        domainName: 'localhost',
        connectionId,
        apiId: 'local',
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      } as SocketEvent['requestContext'],
    };
  }

  private call(event: SocketEvent) {
    return this.handler(event, { awsRequestId: event.requestContext.requestId }).catch((error: unknown) => {
      console.error(`[live] ${event.requestContext.routeKey}: ${(error as Error).message}`);
      return { statusCode: 500 } as APIGatewayProxyStructuredResultV2;
    });
  }

  /** The gateway's 'upgrade' listener: only /ws, and only when $connect answers 2xx. */
  async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_PATH) return refuseHandshake(socket, 404);
    const connectionId = newConnectionId();
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
    const connection = { connectedAt: Date.now(), sourceIp: request.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' };
    const query = url.search ? Object.fromEntries(url.searchParams) : undefined;
    const result = await this.call(this.event('$connect', connectionId, connection, { headers, queryStringParameters: query }));
    const status = result?.statusCode ?? 200;
    if (status < 200 || status > 299) return refuseHandshake(socket, status, typeof result?.body === 'string' ? result.body : '');
    const protocol = Object.entries(result?.headers ?? {}).find(([name]) => name.toLowerCase() === 'sec-websocket-protocol')?.[1];
    if (protocol !== undefined) this.chosen.set(request, String(protocol));
    this.server.handleUpgrade(request, socket, head, (ws) => this.opened(ws, connectionId, { ...connection, socket: ws, lastActiveAt: Date.now() }));
  }

  private opened(ws: WebSocket, connectionId: string, connection: Connection): void {
    this.connections.set(connectionId, connection);
    ws.on('message', (data, isBinary) => {
      connection.lastActiveAt = Date.now();
      void this.message(connectionId, connection, isBinary ? '' : data.toString());
    });
    ws.on('close', () => {
      this.connections.delete(connectionId);
      void this.call(this.event('$disconnect', connectionId, connection));
    });
    ws.on('error', () => ws.terminate());
  }

  /** Routes a message by its `action` (API Gateway's route selection), answering with the route's response. */
  private async message(connectionId: string, connection: Connection, body: string): Promise<void> {
    let action: unknown;
    try {
      action = (JSON.parse(body) as { action?: unknown }).action;
    } catch {
      action = undefined;
    }
    const routeKey = typeof action === 'string' && this.spec.routes.includes(action) ? action : WEBSOCKET_DEFAULT_ROUTE;
    const result = await this.call(this.event(routeKey, connectionId, connection, { body }));
    if (result?.body && connection.socket.readyState === connection.socket.OPEN) connection.socket.send(result.body);
  }

  /** The management API's stand-in: POST (PostToConnection), GET (GetConnection), DELETE (DeleteConnection). */
  manage(request: IncomingMessage, body: Buffer): { status: number; body?: unknown; error?: string } {
    const match = CONNECTIONS.exec(request.url ?? '');
    if (!match) return { status: 404, error: 'NotFoundException' };
    const connection = this.connections.get(decodeURIComponent(match[1] ?? ''));
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) return { status: 410, error: 'GoneException' };
    if (request.method === 'POST') {
      if (body.length > MAX_MESSAGE) return { status: 413, error: 'PayloadTooLargeException' };
      connection.socket.send(body.toString('utf8'));
      return { status: 200 };
    }
    if (request.method === 'DELETE') {
      connection.socket.close(1000);
      return { status: 204 };
    }
    return {
      status: 200,
      body: {
        // restJson1 timestamps: epoch seconds.
        connectedAt: connection.connectedAt / 1000,
        lastActiveAt: connection.lastActiveAt / 1000,
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      },
    };
  }

  /** Closes every socket (API Gateway's 1001 "going away"). */
  async close(): Promise<void> {
    for (const { socket } of this.connections.values()) socket.terminate();
    this.connections.clear();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The @connections endpoint the fan-out worker's SDK client reaches (LIVE_CONNECTIONS_URL), on loopback only. */
export function startConnectionsApi(port: number, api: LocalWebSocketApi): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const result = api.manage(request, Buffer.concat(chunks));
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() };
      if (result.error) headers['x-amzn-errortype'] = result.error;
      response.writeHead(result.status, headers);
      response.end(result.error ? JSON.stringify({ message: result.error }) : result.body === undefined ? '' : JSON.stringify(result.body));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
