// Where a section's figures come from: our own measurement or the Google service a master connected.
import { Badge } from '@mantine/core';
import type { AdSource, AnalyticsSource } from '../../../../../shared/analytics';

const LABELS: Record<AnalyticsSource | AdSource, string> = {
  'first-party': 'Fonte: medição própria',
  ga4: 'Fonte: Google Analytics 4',
  'ad-manager': 'Fonte: Google Ad Manager',
};

export function SourceBadge({ source }: { source: AnalyticsSource | AdSource }) {
  return (
    <Badge variant="light" color={source === 'first-party' ? 'gray' : 'blue'} tt="none" fw={500} radius="sm">
      {LABELS[source] ?? LABELS['first-party']}
    </Badge>
  );
}
