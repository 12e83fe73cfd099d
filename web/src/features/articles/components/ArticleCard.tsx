// Article cards (spec 2 "Article cards"): featured (lead story), compact (beside it) and default (grid).
import { useState } from 'react';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { IconEye, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from '../../../../../shared/article-rules';
import type { ArticleCard as ArticleCardData } from '../../../../../shared/api-types';
import { formatCardDateTime, formatNumber } from '../../../lib/format';
import { coverSources, type CoverLayout } from '../lib/cover-sources';
import { articlePath, authorPath } from '../lib/paths';

export type ArticleCardVariant = 'featured' | 'compact' | 'default';

/**
 * 16:9 cover, or a neutral block when there is none or it fails to load. Its WebP variants, when the
 * API lists them, form a srcset sized for `layout`. `priority` is the page's largest picture (LCP):
 * fetched at once and first; every other cover waits until it nears the screen.
 */
export function ArticleCover({
  src,
  variants,
  layout = 'card',
  alt,
  priority = false,
  className,
}: {
  src: string;
  /** `cover_variants` from the API: the widths that exist. */
  variants?: readonly number[];
  layout?: CoverLayout;
  /** The headline: the picture illustrates it. */
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = Boolean(src) && failed !== src;
  const sources = coverSources(src, variants, layout);
  return (
    <div className={className ? `article-cover ${className}` : 'article-cover'}>
      {show && (
        // width/height give the 16:9 box before the file arrives (the CSS sizes it; no layout shift).
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.sizes}
          width={1200}
          height={675}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
          onError={() => setFailed(src)}
        />
      )}
    </div>
  );
}

/** Round author picture, or a person icon when there is none or it fails to load. Decorative: the name sits beside it. */
export function AuthorAvatar({ src, size }: { src: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = Boolean(src) && failed !== src;
  return (
    <span className="author-avatar" style={{ width: size, height: size }}>
      {show ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(src)} />
      ) : (
        <IconUser size={Math.round(size * 0.6)} aria-hidden />
      )}
    </span>
  );
}

export function PremiumBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color="yellow" variant="filled" size={size} c="dark.8">
      Premium
    </Badge>
  );
}

function Views({ count, size }: { count: number; size: 'xs' | 'sm' }) {
  const label = formatNumber(count);
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <IconEye size={size === 'xs' ? 14 : 16} aria-hidden />
      <Text size={size} c="dimmed">
        {label}
        <span className="visually-hidden"> visualizações</span>
      </Text>
    </Group>
  );
}

function Tags({ tags, size }: { tags: string[]; size: 'xs' | 'sm' }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} className="card-tags">
      {tags.slice(0, ARTICLE_LIMITS.cardTags).map((tag) => (
        <Badge key={tag} variant="light" color="indigo" size={size} radius="sm" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** Author (a link to their page, above the card's own link), date with time, and views; wraps rather than cutting the name. */
function Byline({ article, variant }: { article: ArticleCardData; variant: ArticleCardVariant }) {
  const compact = variant === 'compact';
  const name = article.author.full_name || ARTICLE_MESSAGES.anonymousAuthor;
  const date = formatCardDateTime(article.published_at, compact);
  const size = compact ? 'xs' : 'sm';
  return (
    <div className="card-byline">
      <Link to={authorPath(article.author.id)} className="card-author-link">
        <AuthorAvatar src={article.author.avatar_url} size={compact ? 20 : 24} />
        <Text component="span" size={size} fw={600} className="card-author">
          {name}
        </Text>
      </Link>
      <Group gap="xs" wrap="nowrap">
        {date && (
          <Text size={size} c="dimmed" component="time" dateTime={article.published_at ?? undefined} className="card-date">
            {date}
          </Text>
        )}
        <Views count={article.views_count} size={size} />
      </Group>
    </div>
  );
}

/** `priority`: this card's cover is the page's largest picture (the featured card's always is). */
export function ArticleCard({ article, variant = 'default', priority = false }: { article: ArticleCardData; variant?: ArticleCardVariant; priority?: boolean }) {
  const premium = article.visibility === 'premium';
  const to = articlePath(article.slug);

  if (variant === 'compact') {
    return (
      <Paper component="article" withBorder radius="md" p="sm" className="article-card article-card--compact">
        <div className="compact-layout">
          <ArticleCover src={article.cover_image} variants={article.cover_variants} layout="compact" alt={article.title} className="compact-thumb" />
          <div className="compact-body">
            {(premium || article.tags.length > 0) && (
              <Group gap={6} className="compact-top">
                {premium && <PremiumBadge size="xs" />}
                <Tags tags={article.tags} size="xs" />
              </Group>
            )}
            <Title order={3} className="card-title card-title--compact">
              <Link to={to} className="card-link">
                {article.title}
              </Link>
            </Title>
            <Text size="xs" c="dimmed" lineClamp={1} className="compact-summary">
              {article.summary}
            </Text>
            <Byline article={article} variant="compact" />
          </div>
        </div>
      </Paper>
    );
  }

  const featured = variant === 'featured';
  return (
    <Paper component="article" withBorder radius="md" className={`article-card article-card--${variant}`}>
      <div className="card-cover-section">
        <ArticleCover
          src={article.cover_image}
          variants={article.cover_variants}
          layout={featured ? 'featured' : 'card'}
          alt={article.title}
          priority={featured || priority}
        />
        {premium && (
          <div className="card-premium">
            <PremiumBadge size={featured ? 'md' : 'sm'} />
          </div>
        )}
      </div>
      <div className="card-body">
        <Tags tags={article.tags} size={featured ? 'sm' : 'xs'} />
        <Title order={featured ? 2 : 3} className={`card-title card-title--${variant}`}>
          <Link to={to} className="card-link">
            {article.title}
          </Link>
        </Title>
        <Text size={featured ? 'md' : 'sm'} c="dimmed" className="card-summary">
          {article.summary}
        </Text>
        <Byline article={article} variant={variant} />
      </div>
    </Paper>
  );
}
