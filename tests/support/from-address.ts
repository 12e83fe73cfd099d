// Requests from a network address of their own: the local gateway, like the edge, takes the reader's
// address from the connection (never from a header), so a test that plays several readers, or needs
// per-address caps of its own, connects from another loopback address (any of 127.0.0.0/8).
import { request as httpRequest } from 'node:http';

/** A loopback address no other test uses, so its caps and limits are its own. */
export const freshAddress = (): string => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

export interface AddressedResponse {
  status: number;
  body: Record<string, unknown>;
}

/** A request to the portal from `address`: JSON in (or text as given), JSON out. */
export function requestFrom(
  baseUrl: string,
  address: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<AddressedResponse> {
  const url = new URL(path, baseUrl);
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain;charset=UTF-8' : 'application/json';
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: address,
        headers: { ...(text ? { 'content-type': type, 'content-length': String(Buffer.byteLength(text)) } : {}), ...headers },
      },
      (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        response.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = answer ? (JSON.parse(answer) as Record<string, unknown>) : {};
          } catch {
            parsed = { text: answer };
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}
