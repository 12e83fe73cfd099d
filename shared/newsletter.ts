// The newsletter's zod schemas, shared by /newsletter, the sign-up boxes and the API, which enforces
// them; the statuses, limits, consent text, messages and shapes are in shared/newsletter-rules.ts
// (without zod, for the public pages), re-exported here.
import { z } from 'zod';
import { pageCursor, plainText } from './text-fields';
import { NEWSLETTER_CONSENT, NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES, SUBSCRIBER_STATUSES } from './newsletter-rules';

export * from './newsletter-rules';

export const emailSchema = z
  .string({ error: NEWSLETTER_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(NEWSLETTER_LIMITS.emailMax, NEWSLETTER_MESSAGES.emailTooLong)
  .pipe(z.email({ error: NEWSLETTER_MESSAGES.email }));

/** The master's form (spec: non-empty e-mail, trimmed, lowercased, saved active). */
export const addSubscriberSchema = z.object({ email: emailSchema });

/** A reader's sign-up box: pending until the link in the confirmation e-mail is followed. */
export const signupSchema = z.object({
  email: emailSchema,
  name: plainText({ max: NEWSLETTER_LIMITS.nameMax, tooLong: NEWSLETTER_MESSAGES.nameTooLong }).optional(),
  source: z.enum(['home', 'article', 'footer'], { error: NEWSLETTER_MESSAGES.signupError }),
  /** The page the box was on (its path), recorded with the consent. */
  source_page: z.string().max(500).startsWith('/', { error: NEWSLETTER_MESSAGES.signupError }),
  /** NEWSLETTER_CONSENT.version as the reader saw it. */
  consent_version: z.literal(NEWSLETTER_CONSENT.version, { error: NEWSLETTER_MESSAGES.signupError }),
});

/** A signed-in reader's switch in settings: the account's e-mail is already confirmed. */
export const mySubscriptionSchema = z.object({
  subscribed: z.boolean(),
  consent_version: z.literal(NEWSLETTER_CONSENT.version, { error: NEWSLETTER_MESSAGES.signupError }).optional(),
});

/** The signed token of a confirmation or unsubscribe link, posted back by their pages. */
export const tokenSchema = z.object({ token: z.string().min(1, NEWSLETTER_MESSAGES.linkInvalid).max(500, NEWSLETTER_MESSAGES.linkInvalid) });

export const subscriberListQuery = z.object({
  q: z.string().trim().max(NEWSLETTER_LIMITS.emailMax).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  cursor: pageCursor(),
});

/** The one-click unsubscribe (RFC 8058) carries its token in the address; our own page posts it as JSON instead. */
export const tokenQuerySchema = z.object({ token: z.string().max(500, NEWSLETTER_MESSAGES.linkInvalid).optional() });

/** A tracked link of an edition: the signed token and the address it leads to (on the portal only). */
export const clickQuerySchema = z.object({
  token: z.string({ error: NEWSLETTER_MESSAGES.linkInvalid }).min(1, NEWSLETTER_MESSAGES.linkInvalid).max(500, NEWSLETTER_MESSAGES.linkInvalid),
  url: z.string({ error: NEWSLETTER_MESSAGES.linkInvalid }).min(1, NEWSLETTER_MESSAGES.linkInvalid).max(2000, NEWSLETTER_MESSAGES.linkInvalid),
});

/** An edition: its subject, an introduction, and the articles it features (chosen, or the week's most read). */
export const editionSchema = z
  .object({
    subject: plainText({ max: NEWSLETTER_LIMITS.subjectMax, min: 1, tooShort: NEWSLETTER_MESSAGES.subject, tooLong: NEWSLETTER_MESSAGES.subjectTooLong }),
    intro: plainText({ max: NEWSLETTER_LIMITS.introMax, tooLong: NEWSLETTER_MESSAGES.introTooLong }).default(''),
    pick: z.enum(['chosen', 'most_read']).default('chosen'),
    article_ids: z.array(z.string().max(100)).max(NEWSLETTER_LIMITS.articlesMax, NEWSLETTER_MESSAGES.tooManyArticles).default([]),
  })
  .refine((edition) => edition.pick === 'most_read' || edition.article_ids.length > 0, { message: NEWSLETTER_MESSAGES.noArticles, path: ['article_ids'] });
export type Edition = z.infer<typeof editionSchema>;

