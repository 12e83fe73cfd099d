// Outgoing mail: SES in AWS, SMTP to the local mail catcher on this machine.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import nodemailer, { type Transporter } from 'nodemailer';
import { env, optionalEnv } from '../platform/env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let transporter: Transporter | undefined;

function transport(): Transporter {
  if (transporter) return transporter;
  transporter =
    optionalEnv('MAIL_TRANSPORT', 'ses') === 'smtp'
      ? nodemailer.createTransport({ host: env('SMTP_HOST'), port: Number(env('SMTP_PORT')), secure: false, ignoreTLS: true })
      : nodemailer.createTransport({ SES: { sesClient: new SESv2Client({}), SendEmailCommand } });
  return transporter;
}

export async function sendMail(mail: Mail): Promise<void> {
  await transport().sendMail({ from: env('MAIL_FROM'), ...mail });
}
