// The zod building blocks every schema uses for text and URLs, so each rule of shared/text.ts is
// written once: no control characters, lengths counted on visible text, URLs stored normalized.
import { z } from 'zod';
import { hasControlCharacters, TEXT_MESSAGES, visibleLength } from './text';
import { imageUrl } from './url-rules';

interface TextRule {
  max: number;
  tooLong: string;
  /** Minimum visible length (0 by default) and the message for a missing or shorter text. */
  min?: number;
  tooShort?: string;
}

/** A trimmed plain-text field. */
export function plainText({ max, tooLong, min = 0, tooShort = tooLong }: TextRule) {
  return z
    .string({ error: tooShort })
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), TEXT_MESSAGES.control)
    .refine((value) => visibleLength(value) >= min, tooShort);
}

/** An image's URL (url-rules.ts imageUrl): an http(s) URL or our own /media/ path, stored normalized; '' means none. */
export const urlField = () =>
  z
    .string({ error: TEXT_MESSAGES.url })
    .trim()
    .max(2000, TEXT_MESSAGES.url)
    .transform((value, context) => {
      const url = imageUrl(value);
      if (url === undefined) context.issues.push({ code: 'custom', message: TEXT_MESSAGES.url, input: value });
      return url ?? z.NEVER;
    });

/** The opaque cursor of a paged list (lambdas/platform/dynamo.ts checks its content): bounded, with the message its check gives. */
export const pageCursor = (max = 2000) => z.string({ error: TEXT_MESSAGES.cursor }).max(max, TEXT_MESSAGES.cursor).optional();
