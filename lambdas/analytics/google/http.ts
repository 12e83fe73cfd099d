// Calls to Google's endpoints with fetch, and their failures as one error whose reason a master can
// read: the provider's own code and message ('invalid_grant: Invalid JWT Signature.',
// 'PERMISSION_DENIED: …'), or why Google could not be reached.
/** How long one call may take: the HTTP function that asks has ten seconds in all. */
const CALL_TIMEOUT_MS = 8_000;

export class GoogleApiError extends Error {
  constructor(
    readonly reason: string,
    /** The HTTP status Google answered, when it answered. */
    readonly status?: number,
  ) {
    super(reason);
    this.name = 'GoogleApiError';
  }
}

type Json = Record<string, unknown>;

async function send(url: string, init: RequestInit): Promise<{ status: number; body: Json }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new GoogleApiError(`Não foi possível conectar ao Google (${cause}).`);
  }
  const text = await response.text();
  let body: Json = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') body = parsed as Json;
  } catch {
    if (response.ok) throw new GoogleApiError(`Resposta inesperada do Google (HTTP ${response.status}).`, response.status);
  }
  return { status: response.status, body };
}

/** The token endpoint: a form in, JSON out; failures are OAuth's {error, error_description}. */
export async function postForm(url: string, form: Record<string, string>): Promise<Json> {
  const { status, body } = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (status >= 200 && status < 300) return body;
  const code = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
  const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
  throw new GoogleApiError(`${code}${description}`, status);
}

/** The reason of Google's API error JSON, {error: {code, message, status}}. */
export function apiErrorReason(body: Json, status: number): string {
  const error = (body.error && typeof body.error === 'object' ? body.error : {}) as { message?: unknown; status?: unknown };
  const code = typeof error.status === 'string' ? error.status : `HTTP ${status}`;
  return typeof error.message === 'string' ? `${code}: ${error.message}` : code;
}

/** A JSON API call with a bearer token (GET without a body, POST with one). */
export async function callApi(url: string, token: string, body?: unknown): Promise<Json> {
  const answer = await send(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw new GoogleApiError(apiErrorReason(answer.body, answer.status), answer.status);
}
