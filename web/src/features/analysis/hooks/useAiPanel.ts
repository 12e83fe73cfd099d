// The AI panel's state beside the article form: the last analysis, the places approved, the custom
// tags added. Tags live in the form itself (approving a suggestion adds it to the article's tags);
// the primary city and the other approved cities too (city_code, location_codes). After a save the
// judgements are sent as feedback: always by editors and the master, by an author on creation only
// (the API stores an author's judgements on creation only; spec section 6).
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AnalysisResult } from '../../../../../shared/api-types';
import { ANALYSIS_MESSAGES } from '../../../../../shared/analysis';
import { ApiRequestError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import type { ArticleFormState } from '../../articles/hooks/useArticleForm';
import { analyzeArticle, sendFeedback } from '../api/analysis';
import { addCustomTag, applyAnalysis, choosePrimary, feedbackOf, toggleLocation, toggleTag, type CustomTagProblem } from '../lib/suggestions';

interface Options {
  /** The article being edited (absent on /create). */
  articleId?: string;
  /** Editor or master: their judgements train the analyzer on every save. */
  canTrain: boolean;
}

/** The message of a failed analysis: the API's for a refusal (4xx), the spec's otherwise. */
function failure(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : ANALYSIS_MESSAGES.error;
}

export function useAiPanel(form: ArticleFormState, { articleId, canTrain }: Options) {
  const [result, setResult] = useState<AnalysisResult | null>(null);
  const [approved, setApproved] = useState<string[]>([]);
  const [customTags, setCustomTags] = useState<string[]>([]);
  const analysis = useMutation({ mutationFn: analyzeArticle });
  const { values, set } = form;
  const choice = { tags: values.tags, city_code: values.city_code, location_codes: values.location_codes };

  // The saved listener reads the latest state, not the state of the render that subscribed.
  const latest = useRef({ result, approved, customTags });
  latest.current = { result, approved, customTags };

  const { onSaved } = form;
  useEffect(
    () =>
      onSaved((saved, { created }) => {
        const state = latest.current;
        if (!state.result || !(canTrain || created)) return;
        // Spec section 8: a failure to store the judgements is logged only.
        sendFeedback(feedbackOf(saved.id, state.result, saved, state.approved, state.customTags)).catch((error: unknown) =>
          console.warn('Não foi possível registrar o treinamento da IA.', error),
        );
      }),
    [onSaved, canTrain],
  );

  async function analyze() {
    try {
      const found = await analysis.mutateAsync({ title: values.title, summary: values.summary, content: values.content, ...(articleId ? { article_id: articleId } : {}) });
      const applied = applyAnalysis(found, choice);
      setResult(found);
      setApproved(applied.approved);
      set('tags', applied.tags);
      set('city_code', applied.city_code);
      set('location_codes', applied.location_codes);
      set('analyzed', true);
    } catch (error) {
      notifyError(ANALYSIS_MESSAGES.errorTitle, failure(error));
    }
  }

  function setTag(tag: string, approve: boolean) {
    set('tags', toggleTag(values.tags, tag, approve));
  }

  /** Adds a custom tag; the problem when it cannot be added. */
  function addTag(input: string): CustomTagProblem | undefined {
    const added = addCustomTag(values.tags, input);
    if (added.problem) return added.problem;
    set('tags', added.tags);
    setCustomTags((previous) => [...new Set([...previous, added.tag!])]);
    return undefined;
  }

  function setLocation(code: string, approve: boolean) {
    if (!result) return;
    const next = toggleLocation(result, approved, choice, code, approve);
    setApproved(next.approved);
    set('city_code', next.city_code);
    set('location_codes', next.location_codes);
  }

  function setPrimary(code: string) {
    if (!result) return;
    const next = choosePrimary(result, approved, choice, code);
    set('city_code', next.city_code);
    set('location_codes', next.location_codes);
  }

  return {
    result,
    approved,
    customTags: customTags.filter((tag) => values.tags.includes(tag)),
    tags: values.tags,
    primary: values.city_code,
    analyzing: analysis.isPending,
    failed: analysis.isError,
    analyze,
    setTag,
    addTag,
    setLocation,
    setPrimary,
  };
}

export type AiPanelState = ReturnType<typeof useAiPanel>;
