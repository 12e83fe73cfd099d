// What other contexts use to send e-mail: the one transport (SES v2) and the portal's react-email frame.
export { sendMail, type Mail, type MailHeader } from './transport';
export { renderEmail } from './render';
export { MailLayout, MailButton, MailParagraph, MailHeading } from './templates/components';
