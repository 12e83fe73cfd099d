// The search page's states around the results: the status line, nothing matched, a page past the
// last, and the pages under the list. The search island (web/src/islands/lib/search-markup.ts) writes
// the same markup; tests/unit/search-island.test.ts compares the two.
import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { SearchState } from '../lib/params';
import { isFiltered, noMatchTexts, SEARCH_MESSAGES } from '../lib/texts';

export function StatusLine({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" fw={500}>
      {text}
    </Text>
  );
}

export function NoMatch({ state, onClear }: { state: SearchState; onClear: () => void }) {
  const { title, tips } = noMatchTexts(state);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Text fw={700} size="lg">
          {title}
        </Text>
        <ul className="search-tips">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        {isFiltered(state) && (
          <Group>
            <Button variant="light" size="xs" onClick={onClear}>
              {SEARCH_MESSAGES.clearFilters}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function PageGone({ onFirst }: { onFirst: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs" align="flex-start">
        <Text>{SEARCH_MESSAGES.pageGone}</Text>
        <Button variant="light" size="xs" onClick={onFirst}>
          {SEARCH_MESSAGES.firstPage}
        </Button>
      </Stack>
    </Paper>
  );
}

export function SearchPagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  return (
    <Group justify="center" mt="sm">
      <Pagination total={total} value={value} onChange={onChange} size="sm" aria-label="Páginas da busca" />
    </Group>
  );
}
