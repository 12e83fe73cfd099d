// "Leia também" under an article; nothing when there are none or they fail to load.
import { useEffect } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ARTICLE_LIMITS } from '../../../../../../shared/article-rules';
import { AdSlot } from '../../../../components/AdSlot';
import { fetchRelated } from '../../api/reading';
import { articleKeys } from '../../api/keys';
import { ArticleCard } from '../ArticleCard';

export function RelatedArticles({ articleId }: { articleId: string }) {
  const related = useQuery({
    queryKey: articleKeys.related(articleId),
    queryFn: ({ signal }) => fetchRelated(articleId, signal),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (related.error) console.error('related articles failed to load', related.error);
  }, [related.error]);

  const articles = (related.data?.articles ?? []).filter((item) => item.id !== articleId).slice(0, ARTICLE_LIMITS.relatedMax);
  if (articles.length === 0) return null;
  return (
    <Stack component="section" gap="md" aria-labelledby="related-title" className="related-articles">
      <Title order={2} size="h3" id="related-title">
        Leia também
      </Title>
      <div className="related-grid">
        {articles.map((item) => (
          <ArticleCard key={item.id} article={item} />
        ))}
      </div>
      <AdSlot slot="article_related" />
    </Stack>
  );
}
