// Outgoing mail: SES v2 everywhere (on AWS, and against the local SES stand-in through its endpoint).
// Errors propagate with their SDK name (TooManyRequestsException, ...) so the caller's queue retries.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { env, optionalEnv } from '../platform/env';

export interface MailHeader {
  name: string;
  value: string;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: MailHeader[];
}

const UTF8 = 'UTF-8';

let client: SESv2Client | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  client ??= new SESv2Client({});
  const configurationSet = optionalEnv('SES_CONFIGURATION_SET', '');
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: env('MAIL_FROM'),
      Destination: { ToAddresses: [mail.to] },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: UTF8 },
          Body: { Html: { Data: mail.html, Charset: UTF8 }, Text: { Data: mail.text, Charset: UTF8 } },
          ...(mail.headers?.length ? { Headers: mail.headers.map(({ name, value }) => ({ Name: name, Value: value })) } : {}),
        },
      },
    }),
  );
}
