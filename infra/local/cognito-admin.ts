// The user pool as the Lambdas reach it locally: every call goes to cognito-local untouched (but a
// password sign-in, answered as Cognito answers it, and AdminSetUserMFAPreference, which it lacks:
// cognito.ts), and an
// AdminCreateUser that asks for e-mail delivery has its invitation e-mailed, as Cognito does with the
// pool's template (shared/invitation.ts) — cognito-local only prints it on its console. The message
// goes through the SES stand-in like every other e-mail (without a configuration set: Cognito's own
// mail is none of the portal's sending), so an approved applicant finds the temporary password in
// their inbox. It listens on a free loopback port; the Lambdas' endpoint variable points at it.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { INVITATION_BODY, INVITATION_SUBJECT } from '../../shared/invitation';
import { adminSetMfaPreference, passwordSignIn } from './cognito';
import { localUrl, type LocalConfig } from './config';

const CREATE_USER = 'AWSCognitoIdentityProviderService.AdminCreateUser';
const INITIATE_AUTH = 'AWSCognitoIdentityProviderService.InitiateAuth';
const SET_MFA_PREFERENCE = 'AWSCognitoIdentityProviderService.AdminSetUserMFAPreference';
/** The sender Cognito's default e-mail uses. */
const COGNITO_SENDER = 'Portal Plural <no-reply@verificationemail.com>';

let client: SESv2Client | undefined;
const ses = (config: LocalConfig) => (client ??= new SESv2Client({ endpoint: localUrl(config.ports.ses), region: config.region }));

interface CreateUserRequest {
  UserPoolId?: string;
  Username?: string;
  MessageAction?: string;
  DesiredDeliveryMediums?: string[];
  TemporaryPassword?: string;
  UserAttributes?: { Name: string; Value: string }[];
}

/** The temporary password cognito-local stored for the user (its pool file, as globalSignOut reads it). */
async function temporaryPassword(config: LocalConfig, poolId: string, username: string): Promise<string | undefined> {
  const file = path.join(config.dataDir, 'cognito', '.cognito/db', `${poolId}.json`);
  const pool = JSON.parse(await readFile(file, 'utf8')) as { Users?: Record<string, { Password?: string }> };
  return pool.Users?.[username]?.Password;
}

/** Cognito's invitation: the pool's template with {username} and {####} filled in. */
export function invitationMail(email: string, password: string) {
  const html = INVITATION_BODY.replaceAll('{username}', email).replaceAll('{####}', password);
  const text = html
    .replace(/<br>/g, '\n')
    .replace(/<\/p>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .trim();
  return { to: email, subject: INVITATION_SUBJECT, html, text };
}

async function deliverInvitation(config: LocalConfig, request: CreateUserRequest, response: { User?: { Username?: string } }) {
  // Cognito sends nothing when told so, and by SMS unless EMAIL is asked for.
  if (request.MessageAction === 'SUPPRESS' || !request.DesiredDeliveryMediums?.includes('EMAIL')) return;
  const email = request.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value ?? request.Username ?? '';
  const username = response.User?.Username ?? '';
  const password = request.TemporaryPassword ?? (await temporaryPassword(config, request.UserPoolId ?? '', username));
  if (!email || !password) throw new Error('the local user pool holds no temporary password for the new user');
  const invitation = invitationMail(email, password);
  await ses(config).send(
    new SendEmailCommand({
      FromEmailAddress: COGNITO_SENDER,
      Destination: { ToAddresses: [invitation.to] },
      Content: {
        Simple: {
          Subject: { Data: invitation.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: invitation.html, Charset: 'UTF-8' }, Text: { Data: invitation.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}

export async function startCognitoAdmin(config: LocalConfig): Promise<{ url: string; server: Server }> {
  const server = createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const target = String(request.headers['x-amz-target'] ?? '');
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'x-amz-target', 'authorization', 'x-amz-date', 'x-amz-security-token']) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        if (target === INITIATE_AUTH || target === SET_MFA_PREFERENCE) {
          // Where cognito-local answers a sign-in unlike Cognito, or lacks the call, the shim answers (cognito.ts).
          const answer = await (target === INITIATE_AUTH ? passwordSignIn : adminSetMfaPreference)(config, body);
          reply.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' });
          reply.end(answer.body);
          return;
        }
        const upstream = await fetch(`${localUrl(config.ports.cognito)}${request.url ?? '/'}`, { method: request.method, headers, body: body || undefined });
        const text = await upstream.text();
        if (upstream.ok && target === CREATE_USER) await deliverInvitation(config, JSON.parse(body) as CreateUserRequest, JSON.parse(text));
        reply.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1' });
        reply.end(text);
      })().catch((error: unknown) => {
        reply.writeHead(500, { 'content-type': 'application/x-amz-json-1.1' });
        reply.end(JSON.stringify({ __type: 'InternalErrorException', message: (error as Error).message }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: localUrl((server.address() as AddressInfo).port), server };
}
