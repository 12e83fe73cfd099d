// The Newsletter section of /settings: one switch. The account's e-mail is already confirmed, so
// turning it on subscribes at once (recording the consent text's version); off cancels.
import { useState } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { NEWSLETTER_CONSENT, NEWSLETTER_MESSAGES, SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from '../../../../../shared/newsletter-rules';
import { RetryAlert } from '../../../components/RetryAlert';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { requestMessage } from '../../articles/lib/errors';
import { useMyNewsletter } from '../hooks/useMyNewsletter';
import { useSetMyNewsletter } from '../hooks/useSetMyNewsletter';
import { STATUS_COLORS } from '../lib/labels';

function explanation(status: SubscriberStatus | null, email: string): string {
  switch (status) {
    case 'active':
      return `As principais notícias chegam em ${email}.`;
    case 'pending':
      return `Enviamos um link de confirmação para ${email}. Ative aqui para receber sem precisar dele.`;
    case 'bounced':
      return `As últimas edições não puderam ser entregues em ${email}. Ative de novo para tentarmos outra vez.`;
    case 'complained':
      return 'Uma edição foi marcada como spam neste e-mail, então paramos de enviar.';
    default:
      return `Receba as principais notícias do Portal Plural em ${email}.`;
  }
}

export function NewsletterSettings() {
  const mine = useMyNewsletter();
  const change = useSetMyNewsletter();
  // The switch moves with the click, before the mutation's state arrives, and goes back on an error.
  const [wanted, setWanted] = useState<boolean | null>(null);

  function toggle(subscribed: boolean) {
    setWanted(subscribed);
    change.mutate(subscribed, {
      onSettled: () => setWanted(null),
      onSuccess: (result) =>
        notifySuccess(result.status === 'active' ? 'Pronto! Você vai receber a newsletter.' : NEWSLETTER_MESSAGES.unsubscribed),
      onError: (error) => notifyError('Erro', requestMessage(error, subscribed ? NEWSLETTER_MESSAGES.signupError : NEWSLETTER_MESSAGES.unsubscribeError)),
    });
  }

  const status = mine.data?.status ?? null;
  const active = status === 'active';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="newsletter-title" data-newsletter>
      <Group gap="xs" mb="md" justify="space-between">
        <Group gap="xs">
          <IconMail size={20} aria-hidden />
          <Title order={2} size="h4" id="newsletter-title">
            Newsletter
          </Title>
        </Group>
        {status && (
          <Badge color={STATUS_COLORS[status]} variant="light" tt="none">
            {SUBSCRIBER_STATUS_LABELS[status]}
          </Badge>
        )}
      </Group>
      {mine.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={24} width="60%" />
          <Skeleton height={16} width="80%" />
        </Stack>
      ) : mine.isError ? (
        <RetryAlert message={NEWSLETTER_MESSAGES.loadError} onRetry={() => void mine.refetch()} retrying={mine.isFetching} compact />
      ) : (
        <Switch
          size="md"
          label="Receber a newsletter por e-mail"
          description={
            <Stack gap={6} component="span">
              {/* A long e-mail address breaks where it must: on a phone it pushed the page sideways. */}
              <span style={{ overflowWrap: 'anywhere' }}>{explanation(status, mine.data.email)}</span>
              {/* What the reader agrees to by turning it on. */}
              {!active && <Text span size="xs" c="dimmed">{NEWSLETTER_CONSENT.text}</Text>}
            </Stack>
          }
          styles={{ labelWrapper: { minWidth: 0 } }}
          checked={wanted ?? active}
          disabled={change.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
      )}
    </Paper>
  );
}
