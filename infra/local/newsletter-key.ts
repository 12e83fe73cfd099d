// The newsletter's link-signing key on this machine: made once (random) and kept in the data folder,
// so the links already e-mailed keep working across restarts. On AWS the portal/newsletter secret
// generates it at deploy.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadNewsletterKey(dataDir: string): string {
  const file = path.join(dataDir, 'newsletter-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The secret's JSON, as the newsletter reads it. */
export const newsletterSecret = (signingKey: string): string => JSON.stringify({ signing_key: signingKey });
