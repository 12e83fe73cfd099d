// The article's own fields: title, slug with its public address, summary, body and tags.
import { lazy, Suspense, useState } from 'react';
import { Code, Skeleton, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { ARTICLE_LIMITS } from '../../../../../../shared/article-rules';
import { cityByCode } from '../../../../../../shared/cities';
import type { ArticleFormState } from '../../hooks/useArticleForm';
import { useComboboxField } from '../../hooks/useComboboxField';
import { cleanTags, tagLimitMessage } from '../../lib/form-values';
import { publicArticlePath } from '../../lib/paths';

const RichTextField = lazy(() => import('./RichTextField'));

function EditorFallback() {
  return (
    <Stack gap={4} aria-busy="true" aria-label="Carregando editor">
      <Skeleton height={18} width={90} />
      <Skeleton height={40} />
      <Skeleton height={320} />
    </Stack>
  );
}

export function ArticleFields({ form }: { form: ArticleFormState }) {
  const { values, set, errorFor } = form;
  const tagsField = useComboboxField();
  const [tagSearch, setTagSearch] = useState('');
  const tagLimit = tagLimitMessage(values.tags, tagSearch);
  const city = values.city_code ? cityByCode(values.city_code) : undefined;
  const previewPath = publicArticlePath(city?.path ?? null, values.slug || 'slug-do-artigo');

  return (
    <Stack gap="md">
      <TextInput
        label="Título"
        name="title"
        value={values.title}
        onChange={(event) => form.setTitle(event.currentTarget.value)}
        error={errorFor('title')}
        maxLength={ARTICLE_LIMITS.titleMax}
        required
        size="md"
      />
      <TextInput
        label="Slug"
        name="slug"
        value={values.slug}
        onChange={(event) => form.setSlug(event.currentTarget.value)}
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
        <RichTextField initialContent={values.content} onChange={form.setContent} error={errorFor('content')} />
      </Suspense>
      <TagsInput
        {...tagsField}
        label="Tags"
        description={`Até ${ARTICLE_LIMITS.tagsMax} tags. Pressione Enter ou vírgula para adicionar.`}
        placeholder={values.tags.length < ARTICLE_LIMITS.tagsMax ? 'Adicionar tag' : undefined}
        value={values.tags}
        onChange={(tags) => set('tags', cleanTags(tags))}
        searchValue={tagSearch}
        onSearchChange={setTagSearch}
        onKeyDown={(event) => {
          // At the limit, Enter and the comma would drop the typed tag silently: it stays, with the message.
          if (tagLimit && (event.key === 'Enter' || event.key === ',')) {
            event.preventDefault();
            event.stopPropagation();
          }
        }}
        maxTags={ARTICLE_LIMITS.tagsMax}
        splitChars={[',']}
        clearable
        error={errorFor('tags') ?? tagLimit}
      />
    </Stack>
  );
}
