// The article form (spec sections 3–4): its fields and side cards; state and submits live in useArticleForm.
import { useEffect, type ReactNode } from 'react';
import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { ArticleDraft } from '../../../../../../shared/api-types';
import { useArticleForm, type ArticleFormState } from '../../hooks/useArticleForm';
import type { ArticleFormValues } from '../../lib/form-values';
import { ArticleFields } from './ArticleFields';
import { CoverField } from './CoverField';
import { PublicationPanel } from './PublicationPanel';
import { PublishConfirmModal, SeoLivePanel } from './SeoLivePanel';

interface ArticleFormProps {
  /** Absent on /create. */
  draft?: ArticleDraft;
  /** Editor or master: may choose any status the API allows. */
  canSetStatus: boolean;
  /** Extra side cards (edit: the version history). */
  sidebar?: ReactNode;
  /** Side panel slot: the AI suggestion panel, given the form's state. Nothing renders while absent. */
  assistant?: ReactNode | ((form: ArticleFormState) => ReactNode);
  /** /create only: the values the new article starts from. */
  initial?: Partial<ArticleFormValues>;
  /** /create only: told of the article once created. */
  onCreated?: (article: ArticleDraft) => void;
}

export function ArticleForm({ draft, canSetStatus, sidebar, assistant, initial, onCreated }: ArticleFormProps) {
  const navigate = useNavigate();
  const form = useArticleForm(draft, initial);
  const { onSaved } = form;
  useEffect(() => (onCreated ? onSaved((saved, how) => how.created && onCreated(saved)) : undefined), [onSaved, onCreated]);
  const { isEdit, pending, uploading } = form;
  const busy = pending !== null;
  const submitDisabled = uploading || (busy && pending !== 'create' && pending !== 'save');

  return (
    <form noValidate onSubmit={form.submit} aria-label={isEdit ? 'Editar artigo' : 'Novo artigo'}>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="lg">
            <ArticleFields form={form} />
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {/* The AI suggestion panel plugs in here; nothing is rendered without it. */}
            {typeof assistant === 'function' ? assistant(form) : assistant}
            <PublicationPanel form={form} draft={draft} canSetStatus={canSetStatus} />
            <SeoLivePanel values={form.values} />
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cover-title">
              <Title order={2} size="h5" id="cover-title" mb="sm">
                Imagem de capa
              </Title>
              <CoverField
                value={form.values.cover_image}
                onChange={form.setCover}
                error={form.errorFor('cover_image')}
                onUploadingChange={form.setUploading}
              />
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
      <PublishConfirmModal form={form} />
    </form>
  );
}
