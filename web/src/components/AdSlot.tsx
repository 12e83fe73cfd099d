// Advertising slot placeholder (spec 9: 970x250 or 728x90 on desktop, 728x90 from 768px, else 320x50).
// None for a Premium subscriber: known only after hydration (auth/premium.ts), so the server's HTML
// and the first render in the browser keep the slot, which CSS hides meanwhile for a known subscriber.
import { Box, Text } from '@mantine/core';
import { usePremiumReader } from '../auth/premium';

export type AdSlotName =
  | 'home_top'
  | 'home_feed_1'
  | 'home_feed_2'
  | 'home_feed_3'
  | 'home_bottom'
  | 'article_top'
  | 'article_bottom'
  | 'article_related'
  | 'events_top'
  | 'events_bottom'
  | 'event_top'
  | 'event_bottom';

export function AdSlot({ slot }: { slot: AdSlotName }) {
  const premium = usePremiumReader();
  if (premium) return null;
  return (
    <Box className="ad-slot" data-ad-slot={slot} aria-label="Publicidade" role="complementary">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={1}>
        Publicidade
      </Text>
    </Box>
  );
}
