// "Mais lidas": the most read articles of the last days, when there is no query or nothing matched.
import { Skeleton, Stack, Title } from '@mantine/core';
import type { SuggestedArticles } from '../../../../../shared/search';
import { ResultCard } from './ResultCard';

export function Suggestions({ data, loading }: { data: SuggestedArticles | undefined; loading: boolean }) {
  if (!loading && !data?.articles.length) return null;
  return (
    <section aria-labelledby="search-suggestions">
      <Stack gap="sm">
        <Title order={2} size="h3" id="search-suggestions">
          Mais lidas
        </Title>
        {loading || !data ? (
          <Skeleton height={96} radius="md" />
        ) : (
          data.articles.map((article) => (
            <ResultCard
              key={article.id}
              to={article.path}
              title={article.title}
              lead={article.summary}
              city={article.city ?? ''}
              date={article.published_at}
              premium={article.is_premium}
            />
          ))
        )}
      </Stack>
    </section>
  );
}
