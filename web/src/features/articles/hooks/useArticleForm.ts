// The article form's state and its two submits: create on /create, save (or publish, or send to review) on edit.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ArticleDraft } from '../../../../../shared/api-types';
import { ARTICLE_MESSAGES, slugify, type ArticleStatus } from '../../../../../shared/article-rules';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isClientError, requestMessage } from '../lib/errors';
import { liveSeo, publishNeedsConfirmation } from '../lib/seo';
import type { SeoResult } from '../../../../../shared/seo-rules';
import { EMPTY_FORM, formValuesFromDraft, parseCreate, parseUpdate, type ArticleFormValues, type FormIssue } from '../lib/form-values';
import { editArticlePath } from '../lib/paths';
import { useCreateArticle, useSaveArticle } from './useArticleMutations';

export type SubmitAction = 'create' | 'save' | 'publish' | 'review';

/** A publication held for the author's word: the SEO rules found errors. */
export interface PublishCheck {
  action: 'save' | 'publish';
  seo: SeoResult;
}

/** Told of each successful create or save, with the API's answer (the AI panel posts its feedback then). */
export type SavedListener = (saved: ArticleDraft, how: { created: boolean }) => void;

const SUCCESS_DETAIL: Partial<Record<SubmitAction, string>> = {
  publish: 'O artigo foi publicado.',
  review: 'O artigo foi enviado para revisão.',
};

/** `initial`: values a new article starts from (a pauta's title, city and tags); the slug follows the title. */
export function useArticleForm(draft: ArticleDraft | undefined, initial?: Partial<ArticleFormValues>) {
  const isEdit = draft !== undefined;
  const navigate = useNavigate();
  const createArticle = useCreateArticle();
  const saveArticle = useSaveArticle(draft?.id ?? '');
  const [values, setValues] = useState<ArticleFormValues>(() =>
    draft ? formValuesFromDraft(draft) : { ...EMPTY_FORM, ...initial, slug: slugify(initial?.title ?? '') },
  );
  // The slug follows the title on /create until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(isEdit);
  // Optimistic lock: the version this form was loaded from, moved on only by our own saves.
  const [baseVersion, setBaseVersion] = useState(draft?.version ?? 0);
  const [issue, setIssue] = useState<FormIssue | null>(null);
  const [pending, setPending] = useState<SubmitAction | null>(null);
  const [uploading, setUploading] = useState(false);
  const [publishCheck, setPublishCheck] = useState<PublishCheck | null>(null);
  // The status stored on the server: a save that moves it to published is a publication.
  const savedStatus = useRef(draft?.status);
  const savedListeners = useRef(new Set<SavedListener>());

  /** Subscribes to successful saves; returns the unsubscribe. */
  const onSaved = useCallback((listener: SavedListener) => {
    savedListeners.current.add(listener);
    return () => void savedListeners.current.delete(listener);
  }, []);
  const tellSaved = (saved: ArticleDraft, created: boolean) => savedListeners.current.forEach((listener) => listener(saved, { created }));

  const set = useCallback(<K extends keyof ArticleFormValues>(field: K, value: ArticleFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setIssue((previous) => (previous?.field === field ? null : previous));
  }, []);

  // Stable setters: the memoized fields do not re-render on every keystroke elsewhere.
  const setContent = useCallback((html: string) => set('content', html), [set]);
  const setCity = useCallback((code: string | null) => set('city_code', code), [set]);
  const setCover = useCallback((url: string) => set('cover_image', url), [set]);

  function setTitle(title: string) {
    setValues((previous) => ({ ...previous, title, slug: slugEdited ? previous.slug : slugify(title) }));
    setIssue((previous) => (previous?.field === 'title' || (!slugEdited && previous?.field === 'slug') ? null : previous));
  }

  function setSlug(slug: string) {
    // Clearing the slug hands it back to the title.
    setSlugEdited(slug !== '' || isEdit);
    set('slug', slug);
  }

  const errorFor = (field: keyof ArticleFormValues) => (issue?.field === field ? issue.message : undefined);

  function showIssue(next: FormIssue) {
    setIssue(next);
    notifyError(ARTICLE_MESSAGES.validationTitle, next.message);
  }

  /** A server refusal that names a field (a taken slug, an unknown city) also marks that field. */
  function markField(error: unknown) {
    if (isClientError(error) && error.field) setIssue({ message: error.message, field: error.field });
  }

  async function create() {
    const parsed = parseCreate(values);
    if (!parsed.ok) return showIssue(parsed.issue);
    setPending('create');
    try {
      const created = await createArticle.mutateAsync(parsed.data);
      tellSaved(created, true);
      notifySuccess('Artigo criado com sucesso!');
      navigate(editArticlePath(created.id));
    } catch (error) {
      setPending(null);
      markField(error);
      notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.createError));
    }
  }

  async function save(action: Exclude<SubmitAction, 'create'>) {
    const status: ArticleStatus = action === 'publish' ? 'published' : action === 'review' ? 'review' : values.status;
    const parsed = parseUpdate({ ...values, status }, baseVersion);
    if (!parsed.ok) return showIssue(parsed.issue);
    setPending(action);
    try {
      const saved = await saveArticle.mutateAsync(parsed.data);
      setBaseVersion(saved.version);
      savedStatus.current = saved.status;
      // The analysis is saved with this version (ai_last_updated): the next save is a plain one.
      setValues((previous) => ({ ...previous, status: saved.status, analyzed: false }));
      tellSaved(saved, false);
      setIssue(null);
      notifySuccess('Artigo salvo com sucesso!', SUCCESS_DETAIL[action]);
    } catch (error) {
      markField(error);
      notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.saveError));
    } finally {
      setPending(null);
    }
  }

  /** Saves, unless this save publishes an article the SEO rules find errors in: then it waits for confirmPublish. */
  function saveChecked(action: 'save' | 'publish') {
    const publishes = (action === 'publish' || values.status === 'published') && savedStatus.current !== 'published';
    const seo = publishes ? liveSeo(values) : null;
    if (seo && publishNeedsConfirmation(seo)) setPublishCheck({ action, seo });
    else void save(action);
  }

  function confirmPublish() {
    if (publishCheck) void save(publishCheck.action);
    setPublishCheck(null);
  }

  const cancelPublish = useCallback(() => setPublishCheck(null), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || uploading) return;
    if (isEdit) saveChecked('save');
    else void create();
  }

  function act(action: 'publish' | 'review') {
    if (pending || uploading) return;
    if (action === 'publish') saveChecked(action);
    else void save(action);
  }

  return {
    isEdit,
    values,
    set,
    setTitle,
    setSlug,
    setContent,
    setCity,
    setCover,
    errorFor,
    pending,
    uploading,
    setUploading,
    submit,
    act,
    onSaved,
    publishCheck,
    confirmPublish,
    cancelPublish,
  };
}

export type ArticleFormState = ReturnType<typeof useArticleForm>;
