// The editor's AI panel (spec sections 3–5): 'Analisar com IA', then the suggested tags and places
// with their relevance and confidence, preselected above 0.7, each approved or rejected; custom tags;
// one primary city among the approved ones (the article's location_path and address). What is chosen
// is the article form's (tags, city_code, location_codes), saved with it.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Chip, Group, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { ANALYSIS_MESSAGES, normalizeAiTag } from '../../../../../shared/analysis';
import { ARTICLE_LIMITS } from '../../../../../shared/article-rules';
import { cityByCode, cityLabel } from '../../../../../shared/cities';
import type { ArticleFormState } from '../../articles/hooks/useArticleForm';
import { useAiPanel, type AiPanelState } from '../hooks/useAiPanel';
import { canAnalyze, CUSTOM_TAG_MESSAGES, isPreselected, locationLabel, percent, roomForCity } from '../lib/suggestions';

interface AiPanelProps {
  form: ArticleFormState;
  articleId?: string;
  canTrain: boolean;
}

function SuggestedTags({ panel }: { panel: AiPanelState }) {
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const suggestions = panel.result?.tags ?? [];

  function add(event: { preventDefault(): void }) {
    event.preventDefault();
    const refused = panel.addTag(custom);
    setProblem(refused ? CUSTOM_TAG_MESSAGES[refused] : null);
    if (!refused) setCustom('');
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="ai-tags-title">
      <Text fw={600} size="sm" id="ai-tags-title">
        Tags sugeridas
      </Text>
      {suggestions.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhuma tag sugerida.
        </Text>
      )}
      <Group gap={6}>
        {suggestions.map((suggestion) => (
          <Chip
            key={suggestion.tag}
            size="xs"
            checked={panel.tags.includes(normalizeAiTag(suggestion.tag))}
            onChange={(checked) => panel.setTag(suggestion.tag, checked)}
            color={isPreselected(suggestion.relevance) ? 'teal' : 'gray'}
          >
            {suggestion.tag} · {percent(suggestion.relevance)}
          </Chip>
        ))}
        {panel.customTags.map((tag) => (
          <Chip key={`custom-${tag}`} size="xs" checked onChange={() => panel.setTag(tag, false)} variant="outline">
            {tag}
          </Chip>
        ))}
      </Group>
      <Group gap="xs" align="flex-start" wrap="nowrap" component="div">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label="Nova tag"
          placeholder="Adicionar tag personalizada"
          value={custom}
          maxLength={ARTICLE_LIMITS.tagMax + 10}
          onChange={(event) => {
            setCustom(event.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add(event);
          }}
          error={problem}
        />
        <Button size="xs" variant="light" onClick={add} disabled={panel.tags.length >= ARTICLE_LIMITS.tagsMax}>
          Adicionar
        </Button>
      </Group>
    </Stack>
  );
}

function SuggestedLocations({ panel }: { panel: AiPanelState }) {
  const locations = panel.result?.locations ?? [];
  const approvedCities = locations.filter((location) => location.type === 'city' && panel.approved.includes(location.code));
  return (
    <Stack gap="xs" component="section" aria-labelledby="ai-locations-title">
      <Text fw={600} size="sm" id="ai-locations-title">
        Localizações sugeridas
      </Text>
      {locations.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma localização sugerida.
        </Text>
      ) : (
        <Radio.Group
          value={approvedCities.some((location) => location.code === panel.primary) ? panel.primary : null}
          onChange={panel.setPrimary}
          label="Localização principal"
          description="Define o endereço do artigo (/cidade/slug)."
          size="xs"
        >
          <Stack gap={6} mt={6}>
            {locations.map((location) => {
              const approved = panel.approved.includes(location.code);
              return (
                <Group key={location.code} justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    size="xs"
                    checked={approved}
                    disabled={!roomForCity(panel.result!, panel.approved, location)}
                    onChange={(event) => panel.setLocation(location.code, event.currentTarget.checked)}
                    label={
                      <>
                        {locationLabel(location)}{' '}
                        <Badge size="xs" variant="light" color={isPreselected(location.confidence) ? 'teal' : 'gray'}>
                          {percent(location.confidence)}
                        </Badge>
                      </>
                    }
                  />
                  {location.type === 'city' && (
                    <Radio value={location.code} disabled={!approved} aria-label={`${locationLabel(location)} como principal`} size="xs" />
                  )}
                </Group>
              );
            })}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

/** The article's other cities that this analysis did not suggest (saved before, or kept): shown, and removable. */
function OtherCities({ form, suggested }: { form: ArticleFormState; suggested: ReadonlySet<string> }) {
  const codes = form.values.location_codes.filter((code) => !suggested.has(code));
  if (!codes.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Outras cidades do artigo
      </Text>
      <Group gap={6}>
        {codes.map((code) => {
          const city = cityByCode(code);
          return (
            <Chip
              key={code}
              size="xs"
              checked
              variant="outline"
              onChange={() => form.set('location_codes', form.values.location_codes.filter((other) => other !== code))}
            >
              {city ? cityLabel(city) : code}
            </Chip>
          );
        })}
      </Group>
    </Stack>
  );
}

export function AiPanel({ form, articleId, canTrain }: AiPanelProps) {
  const panel = useAiPanel(form, { articleId, canTrain });
  const ready = canAnalyze(form.values.title, form.values.content);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="ai-panel-title" aria-busy={panel.analyzing}>
      <Title order={2} size="h5" id="ai-panel-title" mb="sm">
        Assistente de IA
      </Title>
      <Stack gap="md">
        <Stack gap={4}>
          <Button leftSection={<IconSparkles size={16} />} variant="light" onClick={() => void panel.analyze()} loading={panel.analyzing} disabled={!ready}>
            Analisar com IA
          </Button>
          {!ready && (
            <Text size="xs" c="dimmed">
              {ANALYSIS_MESSAGES.needText}
            </Text>
          )}
        </Stack>
        {panel.failed && !panel.analyzing && (
          <Alert color="red" variant="light" title={ANALYSIS_MESSAGES.errorTitle}>
            {ANALYSIS_MESSAGES.error}
          </Alert>
        )}
        {panel.analyzing && (
          <Stack gap={6} aria-label="Analisando artigo">
            <Skeleton height={14} width="50%" />
            <Skeleton height={22} />
            <Skeleton height={22} width="80%" />
          </Stack>
        )}
        <OtherCities form={form} suggested={new Set(panel.result?.locations.map((location) => location.code) ?? [])} />
        {panel.result && !panel.analyzing && (
          <>
            <SuggestedTags panel={panel} />
            <SuggestedLocations panel={panel} />
            <Text size="xs" c="dimmed">
              Sugestões acima de 70% já vêm marcadas. O que estiver marcado é salvo com o artigo.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
