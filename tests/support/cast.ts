// The callers of the article and media tests, and a client that keeps the raw response text (for
// "this string is nowhere in what was sent") and checks every API answer for table scans.
import { expect } from 'vitest';
import type { Role } from '../../shared/roles';
import { PortalClient } from './api';
import { enrolTotp } from './totp';
import type { PortalTable } from './table';

export type ApiResponse = Awaited<ReturnType<PortalClient['request']>>;

/** The local gateway may report the DynamoDB operations of a request; when it does, none may be a Scan. */
export function expectNoScan(method: string, path: string, headers: Headers): void {
  const operations = headers.get('x-local-dynamodb-operations');
  if (operations === null) return;
  expect(operations, `${method} ${path} scanned the table`).not.toMatch(/Scan/i);
}

export class CheckedPortal extends PortalClient {
  override async request(method: string, path: string, options: { body?: unknown; token?: string; rawBody?: string } = {}) {
    const response = await super.request(method, path, options);
    expectNoScan(method, path, response.headers);
    return response;
  }
}

export interface Member {
  /** Cognito sub, as the API knows the user. */
  id: string;
  token: string;
  email: string;
  fullName: string;
  /** The authenticator's secret of a staff member (every one has TOTP, as the API requires). */
  totpSecret?: string;
}

/**
 * A fresh signed-up account, given roles and a subscription straight in the table. A staff member
 * also sets up TOTP, as the API requires before any staff route (`mfa: false` leaves it out); the
 * token of the sign-in before stays valid, so no second sign-in is paid.
 */
export async function member(
  portal: CheckedPortal,
  table: PortalTable,
  prefix: string,
  fullName: string,
  grants: { roles?: Role[]; subscribed?: boolean; mfa?: boolean } = {},
): Promise<Member> {
  const session = await portal.newUser(prefix, fullName);
  const me = await portal.request('GET', '/api/me', { token: session.accessToken });
  if (me.status !== 200) throw new Error(`GET /api/me failed: ${me.text}`);
  const id = (me.body.profile as { id: string }).id;
  for (const role of grants.roles ?? []) await table.grantRole(id, role);
  if (grants.subscribed) await table.grantSubscription(id);
  const staff = (grants.roles ?? []).length > 0 && grants.mfa !== false;
  const totpSecret = staff ? await enrolTotp(portal, session.accessToken) : undefined;
  return { id, token: session.accessToken, email: session.email, fullName, ...(totpSecret ? { totpSecret } : {}) };
}

/** The newsroom a test file starts from: two authors, an editor, a master and a reader, each a fresh account. */
export interface Newsroom {
  author: Member;
  otherAuthor: Member;
  editor: Member;
  master: Member;
  reader: Member;
}

/** A fresh newsroom; `prefix` starts their e-mail addresses, so a file's people are told apart in the mail catcher. */
export async function newsroom(portal: CheckedPortal, table: PortalTable, prefix: string): Promise<Newsroom> {
  const [author, otherAuthor, editor, master, reader] = await Promise.all([
    member(portal, table, `${prefix}autora`, 'Ana Autora', { roles: ['author'] }),
    member(portal, table, `${prefix}outro`, 'Otto Autor', { roles: ['author'] }),
    member(portal, table, `${prefix}editor`, 'Edu Editor', { roles: ['editor'] }),
    member(portal, table, `${prefix}master`, 'Marta Master', { roles: ['master'] }),
    member(portal, table, `${prefix}leitor`, 'Lia Leitora'),
  ]);
  return { author, otherAuthor, editor, master, reader };
}

/** Table rows for it.each, named by their `case` so the test reads "refuses a slug with spaces". */
export function byCase<T extends { case: string }>(cases: T[]): [string, T][] {
  return cases.map((row) => [row.case, row]);
}
