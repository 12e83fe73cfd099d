// A pauta handed to the article editor: /create opens prefilled with its title, city and tags, and
// the new draft's id is then remembered on the pauta. Carried in the history state (no query string
// to tamper with or to leak the pauta's title into logs).
import type { StoryIdea } from '../../../../../shared/storyboard';

export interface StoryDraft {
  idea_id: string;
  title: string;
  city_code: string | null;
  tags: string[];
}

export const draftState = (idea: StoryIdea): { storyDraft: StoryDraft } => ({
  storyDraft: { idea_id: idea.id, title: idea.title, city_code: idea.city_code, tags: idea.tags },
});

/** The pauta in a location's state, when it holds a well-formed one. */
export function storyDraftOf(state: unknown): StoryDraft | undefined {
  const draft = (state as { storyDraft?: Partial<StoryDraft> } | null)?.storyDraft;
  if (!draft || typeof draft.idea_id !== 'string' || typeof draft.title !== 'string') return undefined;
  return {
    idea_id: draft.idea_id,
    title: draft.title,
    city_code: typeof draft.city_code === 'string' ? draft.city_code : null,
    tags: Array.isArray(draft.tags) ? draft.tags.filter((tag): tag is string => typeof tag === 'string') : [],
  };
}
