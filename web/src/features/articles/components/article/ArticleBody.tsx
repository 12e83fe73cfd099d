// The article itself (spec 9): tags, title, summary, byline, share links, cover, cities, the body (its lead only when gated)
// and the NewsArticle structured data.
import { Anchor, Badge, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconMapPin, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ArticleView } from '../../../../../../shared/api-types';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from '../../../../../../shared/article-rules';
import { useRenderInfo } from '../../../../lib/render-context';
import { formatLongDateTime, formatNumber } from '../../../../lib/format';
import { cityLabel } from '../../lib/city-filter-utils';
import { authorPath, editArticlePath, publicArticlePath } from '../../lib/paths';
import { buildArticleJsonLd, serializeJsonLd } from '../../lib/structured-data';
import { ArticleCover, AuthorAvatar, PremiumBadge } from '../ArticleCard';
import { Paywall } from './Paywall';
import { ShareLinks } from './ShareLinks';

// The author's name links to their page (/author/:id).
function Byline({ article }: { article: ArticleView }) {
  const authorName = article.author.full_name || ARTICLE_MESSAGES.anonymousAuthor;
  const date = formatLongDateTime(article.published_at);
  return (
    <Group gap="sm" wrap="nowrap">
      <AuthorAvatar src={article.author.avatar_url} size={40} />
      <Stack gap={0}>
        <Text fw={600}>
          Por{' '}
          <Anchor component={Link} to={authorPath(article.author.id)} inherit>
            {authorName}
          </Anchor>
        </Text>
        <Group gap="xs" c="dimmed" className="article-dateline">
          {date && (
            <Text size="sm" c="dimmed" component="time" dateTime={article.published_at ?? undefined}>
              {date}
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            <IconEye size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {formatNumber(article.views_count)}
              <span className="visually-hidden"> visualizações</span>
            </Text>
          </Group>
        </Group>
      </Stack>
    </Group>
  );
}

interface ArticleBodyProps {
  article: ArticleView;
  signedIn: boolean;
  /** The reader is not known yet: a browser with a session shows a placeholder, not the paywall (styles/site.css). */
  readerPending: boolean;
  url: string;
}

export function ArticleBody({ article, signedIn, readerPending, url }: ArticleBodyProps) {
  const premium = article.visibility === 'premium';
  const { origin } = useRenderInfo();
  const jsonLd = serializeJsonLd(buildArticleJsonLd(article, { origin, url }));
  const tags = article.tags.slice(0, ARTICLE_LIMITS.viewTags);
  const locations = article.locations.slice(0, ARTICLE_LIMITS.viewLocations);
  const canonical = `${origin}${publicArticlePath(article.location_path, article.slug)}`;

  const content = (
    <div
      className={article.gated ? 'article-content is-gated' : 'article-content'}
      dangerouslySetInnerHTML={{ __html: article.content }}
    />
  );

  return (
    // A gated article's body, for a signed-in reader on the page without the app: web/src/islands/premium.island.ts.
    <article className="article-page" data-island={article.gated ? 'premium' : undefined}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Stack gap="md">
        {(premium || tags.length > 0) && (
          <Group gap={6}>
            {premium && <PremiumBadge />}
            {tags.map((tag) => (
              <Badge key={tag} variant="light" color="indigo" radius="sm" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Title order={1} className="article-title">
          {article.title}
        </Title>
        {article.summary && (
          <Text size="lg" c="dimmed" className="article-summary">
            {article.summary}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Byline article={article} />
          {article.can_edit && (
            <Button component={Link} to={editArticlePath(article.id)} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
              Editar
            </Button>
          )}
        </Group>
        <ShareLinks url={canonical} title={article.title} />
        <ArticleCover
          src={article.cover_image}
          variants={article.cover_variants}
          layout="article"
          alt={article.title}
          priority
          className="article-page-cover"
        />
        {locations.length > 0 && (
          <Group gap={6}>
            {locations.map((location) => (
              <Badge key={location.code} variant="outline" color="gray" tt="none" leftSection={<IconMapPin size={12} aria-hidden />}>
                {cityLabel(location)}
              </Badge>
            ))}
          </Group>
        )}
        <Divider />
        {premium ? <div className="paywalled-content">{content}</div> : content}
        {article.gated &&
          (readerPending ? (
            <div className="gate-pending">
              <div className="gate-placeholder" aria-hidden>
                <Skeleton height={16} radius="sm" />
                <Skeleton height={16} radius="sm" width="92%" />
                <Skeleton height={16} radius="sm" width="86%" />
              </div>
              <Paywall signedIn={signedIn} />
            </div>
          ) : (
            <Paywall signedIn={signedIn} />
          ))}
      </Stack>
    </article>
  );
}
