// What each context that holds personal data gives the privacy context: everything it holds about a
// person (the export of Meus dados) and the way to remove or anonymise it (the deletion of an
// account). Each context implements it in its own `privacy.ts`; its erase worker (erasure.ts) runs
// `erase` when the deletion reaches it.
import type { ErasureSummary } from '../../shared/privacy';

/** Whose data: read from the deletion or export request, which holds the e-mail until it is done. */
export interface Subject {
  request_id: string;
  user_id: string;
  /** Trimmed, lower case: the key of what is held by address (newsletter, applications). */
  email: string;
}

export interface PersonalData {
  /** The context's name, as in lambdas/contexts.ts: a deletion's step is named after it. */
  context: string;
  /** What the context holds about the subject, by kind, as JSON values (the export's section). Never another person's data. */
  collect(subject: Subject): Promise<Record<string, unknown>>;
  /**
   * Removes or anonymises it and says what, by kind of item (counts, never the data). Idempotent: a
   * second run finds nothing left and changes nothing.
   */
  erase(subject: Subject): Promise<ErasureSummary>;
}
