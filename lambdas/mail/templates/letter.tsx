// The portal's one letter: a greeting by first name, paragraphs, an optional action button (with what
// comes after it) and the team's signature. Every e-mail of the mail context is one.
import type { ReactNode } from 'react';
import { MailButton, MailHeading, MailLayout, MailParagraph, MailSignature } from './components';

export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || fullName;

export interface LetterProps {
  /** The line inboxes show beside the subject. */
  preview: string;
  /** '' when the name is not known: the greeting is then 'Olá!'. */
  fullName: string;
  paragraphs: readonly ReactNode[];
  action?: { url: string; label: string };
  /** Paragraphs after the action button. */
  closing?: readonly ReactNode[];
  /** Why the reader got it, when not for having an account. */
  footer?: ReactNode;
}

export function Letter({ preview, fullName, paragraphs, action, closing = [], footer }: LetterProps) {
  return (
    <MailLayout preview={preview} footer={footer}>
      {/* One text node: the HTML keeps the greeting whole. */}
      <MailHeading>{fullName.trim() ? `Olá, ${firstName(fullName)}!` : 'Olá!'}</MailHeading>
      {paragraphs.map((paragraph, index) => (
        <MailParagraph key={index}>{paragraph}</MailParagraph>
      ))}
      {action && <MailButton href={action.url}>{action.label}</MailButton>}
      {closing.map((paragraph, index) => (
        <MailParagraph key={index}>{paragraph}</MailParagraph>
      ))}
      <MailSignature />
    </MailLayout>
  );
}
