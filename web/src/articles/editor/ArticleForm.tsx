// The article form (spec sections 3–4): fields, client validation with the shared schemas, create and save.
import { lazy, Suspense, useCallback, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Code,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ArticleDraft } from '../../../../shared/api-types';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  slugify,
  VISIBILITY_LABELS,
  VISIBILITIES,
  type ArticleStatus,
  type Visibility,
} from '../../../../shared/articles';
import { cityByCode } from '../../../../shared/cities';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isClientError, requestMessage } from '../errors';
import { ARTICLES_KEY, articleKeys } from '../keys';
import { publicArticlePath } from '../paths';
import { CityField } from './CityField';
import { useComboboxField } from './combobox-field';
import { CoverField } from './CoverField';
import { cleanTags, EMPTY_FORM, formValuesFromDraft, parseCreate, parseUpdate, type ArticleFormValues, type FormIssue } from './form-values';
import { StatusControls, type SubmitAction } from './StatusControls';

const RichTextField = lazy(() => import('./RichTextField'));

const VISIBILITY_OPTIONS = VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }));

const SUCCESS_DETAIL: Partial<Record<SubmitAction, string>> = {
  publish: 'O artigo foi publicado.',
  review: 'O artigo foi enviado para revisão.',
};

function EditorFallback() {
  return (
    <Stack gap={4} aria-busy="true" aria-label="Carregando editor">
      <Skeleton height={18} width={90} />
      <Skeleton height={40} />
      <Skeleton height={320} />
    </Stack>
  );
}

interface ArticleFormProps {
  /** Absent on /create. */
  draft?: ArticleDraft;
  /** Editor or master: may choose any status the API allows. */
  canSetStatus: boolean;
  /** Extra side cards (edit: the version history). */
  sidebar?: ReactNode;
  /** Side panel slot: the AI suggestion panel (a later issue) plugs in here. Nothing renders while absent. */
  assistant?: ReactNode;
}

export function ArticleForm({ draft, canSetStatus, sidebar, assistant }: ArticleFormProps) {
  const isEdit = draft !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ArticleFormValues>(() => (draft ? formValuesFromDraft(draft) : EMPTY_FORM));
  // The slug follows the title on /create until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(isEdit);
  // Optimistic lock: the version this form was loaded from, moved on only by our own saves.
  const [baseVersion, setBaseVersion] = useState(draft?.version ?? 0);
  const [issue, setIssue] = useState<FormIssue | null>(null);
  const [pending, setPending] = useState<SubmitAction | null>(null);
  const [uploading, setUploading] = useState(false);
  const visibilityField = useComboboxField();
  const tagsField = useComboboxField();

  const set = useCallback(<K extends keyof ArticleFormValues>(field: K, value: ArticleFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setIssue((previous) => (previous?.field === field ? null : previous));
  }, []);

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
      const created = await api.post<ArticleDraft>('/articles', parsed.data);
      void queryClient.invalidateQueries({ queryKey: articleKeys.mine() });
      notifySuccess('Artigo criado com sucesso!');
      navigate(`/article/${encodeURIComponent(created.id)}/edit`);
    } catch (error) {
      setPending(null);
      markField(error);
      notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.createError));
    }
  }

  async function save(action: Exclude<SubmitAction, 'create'>) {
    if (!draft) return;
    const status: ArticleStatus = action === 'publish' ? 'published' : action === 'review' ? 'review' : values.status;
    const parsed = parseUpdate({ ...values, status }, baseVersion);
    if (!parsed.ok) return showIssue(parsed.issue);
    setPending(action);
    try {
      const saved = await api.put<ArticleDraft | undefined>(`/articles/${encodeURIComponent(draft.id)}`, parsed.data);
      await queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
      const fresh = queryClient.getQueryData<ArticleDraft>(articleKeys.detail(draft.id));
      const version = typeof saved?.version === 'number' ? saved.version : fresh?.version;
      if (version !== undefined) setBaseVersion(version);
      setValues((previous) => ({ ...previous, status: saved?.status ?? fresh?.status ?? status }));
      setIssue(null);
      const detail = SUCCESS_DETAIL[action];
      if (detail) notifySuccess('Artigo salvo com sucesso!', detail);
      else notifySuccess('Artigo salvo com sucesso!');
    } catch (error) {
      markField(error);
      notifyError('Erro', requestMessage(error, ARTICLE_MESSAGES.saveError));
    } finally {
      setPending(null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || uploading) return;
    void (isEdit ? save('save') : create());
  }

  function handleAction(action: 'publish' | 'review') {
    if (pending || uploading) return;
    void save(action);
  }

  const city = values.city_code ? cityByCode(values.city_code) : undefined;
  const previewPath = publicArticlePath(city?.path ?? null, values.slug || 'slug-do-artigo');
  const busy = pending !== null;
  const submitDisabled = uploading || (busy && pending !== 'create' && pending !== 'save');

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={isEdit ? 'Editar artigo' : 'Novo artigo'}>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <TextInput
                label="Título"
                name="title"
                value={values.title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                error={errorFor('title')}
                maxLength={ARTICLE_LIMITS.titleMax}
                required
                size="md"
              />
              <TextInput
                label="Slug"
                name="slug"
                value={values.slug}
                onChange={(event) => setSlug(event.currentTarget.value)}
                error={errorFor('slug')}
                maxLength={ARTICLE_LIMITS.slugMax}
                required
                autoCapitalize="off"
                spellCheck={false}
                description={
                  <Text span size="xs" c="dimmed">
                    Endereço público: <Code data-testid="public-url">{previewPath}</Code>
                  </Text>
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <Stack gap={4}>
                <Textarea
                  label="Resumo"
                  name="summary"
                  value={values.summary}
                  onChange={(event) => set('summary', event.currentTarget.value)}
                  error={errorFor('summary')}
                  autosize
                  minRows={2}
                  maxRows={6}
                  required
                />
                <Text size="xs" c={values.summary.length > ARTICLE_LIMITS.summaryMax ? 'red' : 'dimmed'} ta="right">
                  {values.summary.length}/{ARTICLE_LIMITS.summaryMax}
                </Text>
              </Stack>
              <Suspense fallback={<EditorFallback />}>
                <RichTextField initialContent={values.content} onChange={setContent} error={errorFor('content')} />
              </Suspense>
              <TagsInput
                {...tagsField}
                label="Tags"
                description={`Até ${ARTICLE_LIMITS.tagsMax} tags. Pressione Enter ou vírgula para adicionar.`}
                placeholder={values.tags.length < ARTICLE_LIMITS.tagsMax ? 'Adicionar tag' : undefined}
                value={values.tags}
                onChange={(tags) => set('tags', cleanTags(tags))}
                maxTags={ARTICLE_LIMITS.tagsMax}
                splitChars={[',']}
                clearable
                error={errorFor('tags')}
              />
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {/* The AI suggestion panel plugs in here (later issue); nothing is rendered without it. */}
            {assistant}
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="publication-title">
              <Title order={2} size="h5" id="publication-title" mb="sm">
                Publicação
              </Title>
              <Stack gap="md">
                {draft && (
                  <StatusControls
                    canSetStatus={canSetStatus}
                    allowed={draft.allowed_statuses}
                    savedStatus={draft.status}
                    status={values.status}
                    onStatusChange={(status) => set('status', status)}
                    pending={pending}
                    onAction={handleAction}
                  />
                )}
                <Select
                  {...visibilityField}
                  label="Visibilidade"
                  data={VISIBILITY_OPTIONS}
                  value={values.visibility}
                  onChange={(value) => value && set('visibility', value as Visibility)}
                  allowDeselect={false}
                  error={errorFor('visibility')}
                  description={values.visibility === 'premium' ? 'Somente assinantes leem o artigo completo.' : undefined}
                />
                <CityField value={values.city_code} onChange={setCity} error={errorFor('city_code')} />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cover-title">
              <Title order={2} size="h5" id="cover-title" mb="sm">
                Imagem de capa
              </Title>
              <CoverField value={values.cover_image} onChange={setCover} error={errorFor('cover_image')} onUploadingChange={setUploading} />
            </Paper>

            {sidebar}
          </Stack>
        </Grid.Col>
      </Grid>

      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={() => navigate('/my-articles')} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" loading={pending === 'create' || pending === 'save'} disabled={submitDisabled}>
          {isEdit ? 'Salvar' : 'Criar artigo'}
        </Button>
      </Group>
    </form>
  );
}
