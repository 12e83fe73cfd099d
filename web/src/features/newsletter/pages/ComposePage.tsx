// /newsletter/nova (spec "Newsletter (master)", the new edition): the subject, an introduction and
// the articles (chosen from the latest, up to 10, or this week's most read), beside a live preview
// of the e-mail itself. A test goes to the master's own address; the real send asks first, stating
// how many people will receive it, and then Envios follows it.
import { useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Container, Grid, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSend, IconTestPipe } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { editionSchema, NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES, type EditionArticle } from '../../../../../shared/newsletter';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatDate, formatNumber } from '../../../lib/format';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { requestMessage } from '../../articles/lib/errors';
import { previewEdition, type EditionInput } from '../api/newsletter';
import { newsletterKeys } from '../api/keys';
import { EmailPreview } from '../components/EmailPreview';
import { MasterOnly } from '../components/MasterOnly';
import { useEditionArticles, useOverview, useSendTest, useStartSend } from '../hooks/useNewsletter';
import '../../../styles/staff.css';

const EMPTY: EditionInput = { subject: '', intro: '', pick: 'chosen', article_ids: [] };

/** The edition as the API will take it, or the first message for each field that is not right yet. */
function check(values: EditionInput) {
  const parsed = editionSchema.safeParse(values);
  if (parsed.success) return { edition: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { edition: null, errors };
}

function ArticleMeta({ article, views }: { article: EditionArticle; views?: boolean }) {
  return (
    <Group gap={6} component="span" wrap="wrap">
      {article.city && (
        <Text span size="xs" c="dimmed">
          {article.city}
        </Text>
      )}
      <Text span size="xs" c="dimmed">
        {formatDate(article.published_at)}
      </Text>
      {views && (
        <Text span size="xs" c="dimmed">
          · {formatNumber(article.views)} {article.views === 1 ? 'leitura' : 'leituras'}
        </Text>
      )}
      {article.is_premium && (
        <Badge size="xs" color="yellow" c="dark.8" variant="filled">
          Premium
        </Badge>
      )}
    </Group>
  );
}

function ChosenArticles({ articles, selected, onChange, error }: { articles: EditionArticle[]; selected: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const full = selected.length >= NEWSLETTER_LIMITS.articlesMax;
  if (articles.length === 0) return <Text c="dimmed" size="sm">Nenhuma matéria publicada ainda.</Text>;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500} id="chosen-label">
          Matérias da edição
        </Text>
        <Text size="xs" c={full ? 'orange.9' : 'dimmed'} aria-live="polite">
          {selected.length} de {NEWSLETTER_LIMITS.articlesMax} escolhidas
        </Text>
      </Group>
      <Checkbox.Group value={selected} onChange={onChange} aria-labelledby="chosen-label" error={error}>
        <Stack gap={0} className="edition-articles">
          {articles.map((article) => (
            <Checkbox
              key={article.id}
              value={article.id}
              disabled={full && !selected.includes(article.id)}
              className="edition-article"
              label={article.title}
              description={<ArticleMeta article={article} />}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

function MostRead({ articles }: { articles: EditionArticle[] }) {
  if (articles.length === 0) return <Text c="orange.9" size="sm">{NEWSLETTER_MESSAGES.noMostRead}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        As {articles.length} matérias mais lidas dos últimos {NEWSLETTER_LIMITS.mostReadDays} dias, na hora do envio:
      </Text>
      <ol className="edition-most-read">
        {articles.map((article) => (
          <li key={article.id}>
            <Text size="sm" fw={500}>
              {article.title}
            </Text>
            <ArticleMeta article={article} views />
          </li>
        ))}
      </ol>
    </Stack>
  );
}

function Composer() {
  const navigate = useNavigate();
  const articles = useEditionArticles();
  const overview = useOverview();
  const test = useSendTest();
  const send = useStartSend();
  const [values, setValues] = useState<EditionInput>(EMPTY);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState<EditionInput | null>(null);

  const set = <K extends keyof EditionInput>(field: K, value: EditionInput[K]) => setValues((previous) => ({ ...previous, [field]: value }));
  const { edition, errors } = check(values);
  const shown = tried ? errors : {};

  // The preview follows the form once the typing pauses; an incomplete edition keeps the last one.
  const [settled] = useDebouncedValue(values, 700);
  const previewable = check(settled).edition;
  const preview = useQuery({
    queryKey: newsletterKeys.preview(previewable ?? {}),
    queryFn: ({ signal }) => previewEdition(previewable as EditionInput, signal),
    enabled: previewable !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

  const audience = overview.data?.active;
  const placeholder = preview.isError
    ? requestMessage(preview.error, 'Não foi possível gerar a pré-visualização.')
    : previewable
      ? null
      : values.pick === 'most_read' && articles.data?.most_read.length === 0
        ? NEWSLETTER_MESSAGES.noMostRead
        : 'Escreva o assunto e escolha as matérias para ver a pré-visualização.';

  function attempt(action: (ready: EditionInput) => void) {
    setTried(true);
    if (edition) action(edition);
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Anchor component={Link} to="/newsletter" size="sm" className="edition-back">
              <IconArrowLeft size={14} aria-hidden /> Newsletter
            </Anchor>
            <Title order={1}>Nova edição</Title>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Group gap="sm">
              <Button variant="default" leftSection={<IconTestPipe size={16} />} loading={test.isPending} onClick={() => attempt((ready) => test.mutate(ready))}>
                Enviar teste para mim
              </Button>
              <Button leftSection={<IconSend size={16} />} disabled={audience === 0} onClick={() => attempt((ready) => setConfirming(ready))}>
                {audience === undefined ? 'Enviar para os inscritos' : `Enviar para ${formatNumber(audience)} ${audience === 1 ? 'inscrito' : 'inscritos'}`}
              </Button>
            </Group>
            {audience === 0 && (
              <Text size="sm" c="dimmed">
                {NEWSLETTER_MESSAGES.noAudience}
              </Text>
            )}
          </Stack>
        </Group>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder radius="md" p="lg" component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-label="Nova edição">
              <Stack gap="md">
                <TextInput
                  label="Assunto"
                  description="A linha que o leitor vê na caixa de entrada."
                  required
                  value={values.subject}
                  onChange={(event) => set('subject', event.currentTarget.value)}
                  maxLength={NEWSLETTER_LIMITS.subjectMax}
                  error={shown.subject}
                />
                <Textarea
                  label="Introdução"
                  description="Um parágrafo de abertura, antes das matérias (opcional)."
                  autosize
                  minRows={3}
                  maxRows={10}
                  value={values.intro}
                  onChange={(event) => set('intro', event.currentTarget.value)}
                  maxLength={NEWSLETTER_LIMITS.introMax}
                  error={shown.intro}
                />
                <Stack gap="xs">
                  <Text size="sm" fw={500} id="pick-label">
                    Matérias
                  </Text>
                  <SegmentedControl
                    fullWidth
                    aria-labelledby="pick-label"
                    value={values.pick}
                    onChange={(value) => set('pick', value === 'most_read' ? 'most_read' : 'chosen')}
                    data={[
                      { value: 'chosen', label: 'Escolher matérias' },
                      { value: 'most_read', label: 'Mais lidas da semana' },
                    ]}
                  />
                </Stack>
                {articles.isPending ? (
                  <Stack gap="xs" aria-busy="true">
                    {[0, 1, 2, 3].map((key) => (
                      <Skeleton key={key} height={44} />
                    ))}
                  </Stack>
                ) : articles.isError ? (
                  <RetryAlert message={NEWSLETTER_MESSAGES.loadError} onRetry={() => void articles.refetch()} retrying={articles.isFetching} compact />
                ) : values.pick === 'chosen' ? (
                  <ChosenArticles articles={articles.data.recent} selected={values.article_ids} onChange={(ids) => set('article_ids', ids)} error={shown.article_ids} />
                ) : (
                  <MostRead articles={articles.data.most_read} />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <EmailPreview preview={preview.data} placeholder={placeholder} loading={preview.isFetching} onRefresh={() => void preview.refetch()} />
          </Grid.Col>
        </Grid>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Enviar newsletter"
        confirmLabel="Enviar agora"
        pending={send.isPending}
        onConfirm={() => confirming && send.mutate(confirming, { onSuccess: () => navigate('/newsletter?tab=envios') })}
        onCancel={() => setConfirming(null)}
      >
        {confirming &&
          `“${confirming.subject}” vai para ${formatNumber(audience ?? 0)} ${audience === 1 ? 'inscrito ativo' : 'inscritos ativos'}. Depois de começar, o envio não pode ser interrompido.`}
      </ConfirmDialog>
    </Container>
  );
}

export default function ComposePage() {
  usePageMeta(pageTitle('Nova edição — Newsletter'));
  return (
    <MasterOnly>
      <Composer />
    </MasterOnly>
  );
}
