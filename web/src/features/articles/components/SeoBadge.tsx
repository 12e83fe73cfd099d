// SEO status badge with a tooltip listing the first errors and warnings (spec section 4, "SEO display").
import { Badge, List, Stack, Text, Tooltip } from '@mantine/core';
import type { SeoValidation } from '../../../../../shared/api-types';
import type { ArticleStatus } from '../../../../../shared/article-rules';
import { formatDate } from '../../../lib/format';
import { SEO_BADGE_COLORS, seoBadgeKind, seoBadgeLabel, seoMoreLine, seoTooltipContent } from '../lib/seo';

interface SeoBadgeProps {
  seo: SeoValidation | null | undefined;
  status: ArticleStatus;
  /** The article's current version, when known (edit screen). */
  version?: number;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

function TooltipBody({ seo, kind }: { seo: SeoValidation | null | undefined; kind: ReturnType<typeof seoBadgeKind> }) {
  const content = seoTooltipContent(seo, kind);
  const more = seoMoreLine(content.more);
  return (
    <Stack gap={6} maw={300}>
      {content.note && <Text size="xs">{content.note}</Text>}
      {content.errors.length > 0 && (
        <div>
          <Text size="xs" fw={700}>
            Erros
          </Text>
          <List size="xs" spacing={2}>
            {content.errors.map((item, index) => (
              <List.Item key={`e${index}`}>{item}</List.Item>
            ))}
          </List>
        </div>
      )}
      {content.warnings.length > 0 && (
        <div>
          <Text size="xs" fw={700}>
            Avisos
          </Text>
          <List size="xs" spacing={2}>
            {content.warnings.map((item, index) => (
              <List.Item key={`w${index}`}>{item}</List.Item>
            ))}
          </List>
        </div>
      )}
      {more && <Text size="xs">{more}</Text>}
      {seo && kind !== 'none' && kind !== 'pending' && formatDate(seo.validated_at) && (
        <Text size="xs" c="gray.4">
          Validado em {formatDate(seo.validated_at)}
        </Text>
      )}
    </Stack>
  );
}

export function SeoBadge({ seo, status, version, size = 'sm' }: SeoBadgeProps) {
  const kind = seoBadgeKind({ seo, status, version });
  return (
    <Tooltip label={<TooltipBody seo={seo} kind={kind} />} multiline withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge color={SEO_BADGE_COLORS[kind]} variant="light" size={size} tt="none" tabIndex={0} data-seo-status={kind} style={{ cursor: 'help' }}>
        {seoBadgeLabel(kind)}
      </Badge>
    </Tooltip>
  );
}
