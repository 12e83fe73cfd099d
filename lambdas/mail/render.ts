// Renders a react-email template to the two parts of an e-mail: the HTML and its plain-text reading
// (react-email's, with headings kept as written: a greeting in capitals reads as shouting).
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html, { selectors: [{ selector: 'h1', options: { uppercase: false } }] }) };
}
