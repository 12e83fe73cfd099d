// A row of four card placeholders while a list of articles loads (the home, the author page).
import { Skeleton, Stack } from '@mantine/core';

export function CardRowSkeleton({ label }: { label?: string }) {
  return (
    <div className="feed-row" aria-busy={label ? 'true' : undefined} aria-label={label}>
      {[0, 1, 2, 3].map((key) => (
        <Stack key={key} gap="xs">
          <Skeleton radius="md" className="skeleton-cover" />
          <Skeleton height={14} width="40%" />
          <Skeleton height={18} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ))}
    </div>
  );
}
