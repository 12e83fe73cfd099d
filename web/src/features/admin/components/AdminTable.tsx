// The pieces every admin list shares: a query paged by the API's cursor, the empty and error states,
// the table's frame, the "load more" button and the row's icon actions.
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import type { Paged } from '../api/admin';

/** A list read page by page, following next_cursor; `rows` is every page so far (a page may carry more, such as totals). */
export function usePagedList<P extends Paged<unknown>>(queryKey: QueryKey, fetchPage: (cursor?: string) => Promise<P>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // A new search or filter keeps the rows on screen until its answer arrives: no flash to a skeleton.
    placeholderData: keepPreviousData,
  });
  const rows: P['items'] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, rows };
}

interface ListStateProps {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  empty: boolean;
  /** What failed to load: 'os usuários'. */
  what: string;
  emptyText: string;
  children: ReactNode;
}

/** Loading, error, empty or the table (framed, scrolling sideways on a phone). */
export function ListState({ query, empty, what, emptyText, children }: ListStateProps) {
  if (query.isPending) return <Skeleton height={280} radius="md" />;
  if (query.isError) return <RetryAlert message={`Não foi possível carregar ${what}.`} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (empty) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text c="dimmed">{emptyText}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      {children}
    </Paper>
  );
}

export function LoadMore({ query, label }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </Group>
  );
}

/** Edit (a link or a button) and delete icons of a row, named after what they act on. */
export function RowActions({ name, edit, onDelete, children }: { name: string; edit: string | (() => void); onDelete: () => void; children?: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      <Tooltip label="Editar">
        {typeof edit === 'string' ? (
          <ActionIcon component={Link} to={edit} variant="subtle" aria-label={`Editar ${name}`}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" aria-label={`Editar ${name}`} onClick={edit}>
            <IconPencil size={16} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label="Excluir">
        <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${name}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
