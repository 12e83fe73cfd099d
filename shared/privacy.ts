// Readers' rights under the LGPD (Lei 13.709/2018): consent to third-party scripts (art. 8), a copy of
// one's data (art. 18 II), deletion (art. 18 VI) and how long each kind of data is kept (art. 15–16).
// Shared by the privacy context (lambdas/privacy), the consent banner, Meus dados and /privacidade.
import { z } from 'zod';
import { pageCursor } from './text-fields';
import { CONSENT_SOURCES, DELETION_CONFIRMATION } from './privacy-rules';

export * from './privacy-rules';

export const consentSchema = z.object({
  /** A random id the browser made for itself (no personal data): the anonymous reader's records. */
  visitor_id: z.uuid({ error: 'Identificador de visitante inválido' }),
  ads: z.boolean({ error: 'Escolha inválida' }),
  personalization: z.boolean({ error: 'Escolha inválida' }),
  // The banner's version names ('2026-11-v1'): nothing else is stored as one.
  version: z.string({ error: 'Versão do texto inválida' }).regex(/^[\w.-]{1,40}$/, 'Versão do texto inválida'),
  source: z.enum(CONSENT_SOURCES, { error: 'Origem inválida' }),
});
export type ConsentInput = z.infer<typeof consentSchema>;

export const deletionSchema = z.object({
  password: z.string({ error: 'Digite sua senha' }).min(1, 'Digite sua senha').max(256),
  confirmation: z.literal(DELETION_CONFIRMATION, { error: `Digite ${DELETION_CONFIRMATION} para confirmar` }),
});
export type DeletionInput = z.infer<typeof deletionSchema>;

export const adminDataRequestQuerySchema = z.object({ cursor: pageCursor() });
