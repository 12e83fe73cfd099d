// Article page (spec 2 "Article page", spec 9): /article/:slug and /:location/:slug. Shows the
// public view (the premium body only to those who may read it, else the lead and a paywall), the
// NewsArticle structured data, related articles, and counts the view and the reading history.
import { useEffect } from 'react';
import { Container, Stack } from '@mantine/core';
import { useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../../../auth/context';
import { AdSlot } from '../../../components/AdSlot';
import { usePageView } from '../../audience/page-view';
import { ArticleBody } from '../components/article/ArticleBody';
import { ArticleSkeleton } from '../components/article/ArticleSkeleton';
import { RelatedArticles } from '../components/article/RelatedArticles';
import { NewsletterSignup } from '../../newsletter/components/NewsletterSignup';
import { useArticleBySlug } from '../hooks/useArticleBySlug';
import { useReadingTracker } from '../hooks/useReadingTracker';
import { useViewCounter } from '../hooks/useViewCounter';
import { usePageMeta } from '../../../lib/page-meta';
import { articleMeta } from '../lib/meta';

export default function ArticlePage() {
  const { slug = '', location } = useParams();
  const { status } = useAuth();
  const here = useLocation();
  const signedIn = status === 'signedIn';
  const query = useArticleBySlug(slug, location ?? null);
  const article = query.data;
  // Until we know who reads (and, signed in, until their own view arrives) a premium article's
  // paywall may be the wrong answer: the page hides it from a browser holding a session.
  const readerPending = status === 'loading' || (signedIn && query.isPlaceholderData);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  const meta = article ? articleMeta(article) : null;
  usePageMeta(meta?.title ?? null, meta?.description);

  useViewCounter(article?.id);
  useReadingTracker(article?.id, signedIn);
  usePageView(article?.id, Boolean(article));

  // The islands count the view (web/src/islands/audience.island.ts) once the article is in the page.
  return (
    <Container size={800} py="lg" data-island={article ? 'audience' : undefined} data-article-id={article?.id}>
      <Stack gap="xl">
        <AdSlot slot="article_top" />
        {article ? (
          <>
            <ArticleBody article={article} signedIn={signedIn} readerPending={readerPending} url={here.pathname} />
            {/* Under a paywall the reader has one offer to weigh, not two. */}
            {!article.gated && <NewsletterSignup source="article" />}
            <AdSlot slot="article_bottom" />
            <RelatedArticles articleId={article.id} />
          </>
        ) : (
          <ArticleSkeleton />
        )}
      </Stack>
    </Container>
  );
}
