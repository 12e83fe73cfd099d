// One result of the search (and one suggested article): headline with the matched words marked, lead,
// city, date and the premium badge. No cover: the index holds text only, and the rows keep one height.
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatCardDateTime } from '../../../lib/format';
import { PremiumBadge } from '../../articles/components/ArticleCard';
import { highlightTitle } from '../lib/highlight';

export interface ResultCardProps {
  to: string;
  title: string;
  /** Folded words to mark in the title. */
  matched?: ReadonlySet<string>;
  lead: string;
  city: string;
  date: string;
  premium: boolean;
}

function Headline({ title, matched }: { title: string; matched?: ReadonlySet<string> }) {
  if (!matched || matched.size === 0) return <>{title}</>;
  return (
    <>
      {highlightTitle(title, matched).map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : part.text))}
    </>
  );
}

export function ResultCard({ to, title, matched, lead, city, date, premium }: ResultCardProps) {
  const when = formatCardDateTime(date);
  return (
    <Paper component="article" withBorder radius="md" p="md" className="search-result">
      <Stack gap={6}>
        <Title order={3} className="search-result-title">
          <Link to={to} className="card-link">
            <Headline title={title} matched={matched} />
          </Link>
        </Title>
        {lead && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {lead}
          </Text>
        )}
        <Group gap="sm" className="search-result-meta">
          {premium && <PremiumBadge size="xs" />}
          {city && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} aria-hidden color="var(--mantine-color-indigo-6)" />
              <Text size="xs" fw={600}>
                {city}
              </Text>
            </Group>
          )}
          {when && (
            <Text size="xs" c="dimmed" component="time" dateTime={date}>
              {when}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Placeholders of the same size as the cards, while a search runs. */
export function ResultSkeletons({ count = 4 }: { count?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Carregando resultados">
      {Array.from({ length: count }, (_, key) => (
        <Paper key={key} withBorder radius="md" p="md" className="search-result">
          <Stack gap={10}>
            <Skeleton height={20} width="75%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="60%" />
            <Skeleton height={12} width={160} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
