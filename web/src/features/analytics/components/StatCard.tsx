// One figure of the overview: what it is, its value in the spec's format, and a short hint under it.
import type { ReactNode } from 'react';
import { Paper, Skeleton, Text } from '@mantine/core';

interface StatCardProps {
  label: string;
  value: string;
  hint?: ReactNode;
  /** A value that is not a figure ('Indisponível', '—'): quieter, smaller. */
  muted?: boolean;
  testId?: string;
}

export function StatCard({ label, value, hint, muted = false, testId }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md" className="analytics-stat" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500} lh={1.3}>
        {label}
      </Text>
      <Text fz={muted ? 'lg' : { base: 20, sm: 26 }} fw={700} lh={1.25} mt="auto" pt={6} c={muted ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }} data-value>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function StatCardSkeleton() {
  return (
    <Paper withBorder radius="md" p="md">
      <Skeleton height={10} width="60%" />
      <Skeleton height={26} width="70%" mt={12} />
    </Paper>
  );
}
