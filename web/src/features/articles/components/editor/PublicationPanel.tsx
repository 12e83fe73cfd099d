// The form's "Publicação" card: the workflow (edit only), the visibility and the primary city.
import { Paper, Select, Stack, Title } from '@mantine/core';
import type { ArticleDraft } from '../../../../../../shared/api-types';
import { VISIBILITIES, VISIBILITY_LABELS, type Visibility } from '../../../../../../shared/article-rules';
import type { ArticleFormState } from '../../hooks/useArticleForm';
import { useComboboxField } from '../../hooks/useComboboxField';
import { CityField } from './CityField';
import { StatusControls } from './StatusControls';

const VISIBILITY_OPTIONS = VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }));

interface PublicationPanelProps {
  form: ArticleFormState;
  draft?: ArticleDraft;
  canSetStatus: boolean;
}

export function PublicationPanel({ form, draft, canSetStatus }: PublicationPanelProps) {
  const { values, set, errorFor } = form;
  const visibilityField = useComboboxField();
  return (
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
            pending={form.pending}
            onAction={form.act}
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
        <CityField value={values.city_code} onChange={form.setCity} error={errorFor('city_code')} />
      </Stack>
    </Paper>
  );
}
