import { Group, Skeleton, Stack } from '@mantine/core';

export function ArticleSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando artigo">
      <Skeleton radius="md" className="skeleton-cover" />
      <Skeleton height={14} width="30%" />
      <Skeleton height={36} />
      <Skeleton height={36} width="70%" />
      <Skeleton height={18} width="90%" />
      <Group gap="sm">
        <Skeleton height={36} circle />
        <Skeleton height={14} width={180} />
      </Group>
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} height={14} width={key === 4 ? '60%' : '100%'} />
      ))}
    </Stack>
  );
}
