// Staff accounts and published articles made through the API, for the specs that need content.
import { PortalClient } from '../support/api';
import { PortalTable } from '../support/table';
import { enrolTotp } from '../support/totp';
import type { Role } from '../../shared/roles';
import { expect, newAccount, type Account } from './fixtures';

export const api = () => new PortalClient(process.env.E2E_BASE_URL ?? '');
const table = () => new PortalTable(Number(process.env.E2E_DYNAMODB_PORT));

export interface Staff extends Account {
  id: string;
  token: string;
  /** The authenticator's secret: staff set up TOTP, as the API requires (signIn answers the code step with it). */
  totpSecret?: string;
}

/**
 * An account created and signed in through the API, with roles (and a subscription) granted in the
 * table; a staff member also sets up TOTP through Cognito's calls and the API's re-check.
 */
export async function person(prefix: string, fullName: string, roles: Role[], subscribed = false): Promise<Staff> {
  const account = newAccount(prefix, fullName);
  const client = api();
  const created = await client.signUp(account.fullName, account.email, account.password);
  expect(created.status).toBe(201);
  const id = String(created.body.user_id);
  for (const role of roles) await table().grantRole(id, role);
  if (subscribed) await table().grantSubscription(id);
  const session = await client.signIn(account.email, account.password);
  const totpSecret = roles.length > 0 ? await enrolTotp(client, session.accessToken) : undefined;
  return { ...account, id, token: session.accessToken, ...(totpSecret ? { totpSecret } : {}) };
}

/** Creates an article through the API as the author, then publishes it as the editor. */
export async function publishedArticle(author: Staff, editor: Staff, body: Record<string, unknown>) {
  const client = api();
  const created = await client.request('POST', '/api/articles', { token: author.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await client.request('PUT', `/api/articles/${created.body.id}`, {
    token: editor.token,
    body: { ...body, status: 'published', base_version: created.body.version },
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return published.body as { id: string; slug: string; location_path: string | null };
}

