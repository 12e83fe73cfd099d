// The SEO rules the worker runs after publication, run here as the author types (spec section 4, "SEO
// display"): the same verdict, before it counts. Publish asks for confirmation while they find errors.
import { memo, useDeferredValue, useMemo } from 'react';
import { Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { SEO_LABELS } from '../../../../../../shared/article-rules';
import type { SeoInput, SeoResult } from '../../../../../../shared/seo-rules';
import type { ArticleFormState } from '../../hooks/useArticleForm';
import { liveSeo, SEO_BADGE_COLORS, SEO_NOTES } from '../../lib/seo';

function SeoFindings({ seo }: { seo: SeoResult }) {
  if (seo.errors.length === 0 && seo.warnings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {SEO_NOTES.clean}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Findings title="Erros" color="red.8" items={seo.errors} />
      <Findings title="Avisos" color="yellow.9" items={seo.warnings} />
    </Stack>
  );
}

/** Re-evaluated on the deferred values: a keystroke in a long text never waits for the rules. */
export const SeoLivePanel = memo(function SeoLivePanel({ values }: { values: SeoInput }) {
  const deferred = useDeferredValue(values);
  const seo = useMemo(() => liveSeo(deferred), [deferred]);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="seo-live-title" data-testid="seo-live">
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id="seo-live-title">
          SEO
        </Title>
        <Badge color={SEO_BADGE_COLORS[seo.validation_status]} variant="light" tt="none" data-seo-live={seo.validation_status}>
          {SEO_LABELS[seo.validation_status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        As mesmas regras aplicadas após a publicação, conferidas enquanto você escreve.
      </Text>
      <SeoFindings seo={seo} />
    </Paper>
  );
});

/** Publish with SEO errors: the author sees what fails and decides. */
export function PublishConfirmModal({ form }: { form: ArticleFormState }) {
  const check = form.publishCheck;
  return (
    <Modal opened={check !== null} onClose={form.cancelPublish} title="Publicar com problemas de SEO?" centered size="lg">
      {check && (
        <Stack gap="md">
          <Text size="sm">O artigo ainda não passa nas regras de SEO. Ele pode ser publicado assim, mas aparecerá como “{SEO_LABELS.error}”.</Text>
          <SeoFindings seo={check.seo} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={form.cancelPublish} data-autofocus>
              Voltar e corrigir
            </Button>
            <Button color="teal" onClick={form.confirmPublish}>
              Publicar mesmo assim
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** One kind of finding (errors or warnings), listed under its title; nothing when there is none. */
function Findings({ title, color, items }: { title: string; color: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={700} c={color}>
        {title}
      </Text>
      <List size="sm" spacing={2} aria-label={`${title} de SEO`}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </div>
  );
}
