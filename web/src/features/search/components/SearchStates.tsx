// The search page's states around the results: the status line, nothing matched, a page past the
// last, and the pages under the list. The search island (web/src/islands/lib/search-markup.ts) writes
// the same markup; tests/unit/search-island.test.ts compares the two.
import { Fragment, type MouseEvent } from 'react';
import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { withNearSpelling } from '../../../../../shared/search-relevance';
import { searchHref, type SearchState } from '../lib/params';
import { archiveLinkText, isFiltered, noMatchTexts, SEARCH_MESSAGES } from '../lib/texts';

/** A plain click (no new tab) on one of the page's own links is a change of the search, not a page load. */
const ownClick = (event: MouseEvent, go: () => void) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go();
};

export function StatusLine({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" fw={500}>
      {text}
    </Text>
  );
}

export function NoMatch({ state, onClear, near = [], onNear }: { state: SearchState; onClear: () => void; near?: string[]; onNear?: (q: string) => void }) {
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
        {near.length > 0 && (
          <p className="search-near">
            {SEARCH_MESSAGES.nearSpellings}{' '}
            {near.map((word, index) => {
              const q = withNearSpelling(state.q, word);
              return (
                <Fragment key={word}>
                  {index > 0 && ', '}
                  <a href={searchHref({ ...state, q, page: 1 })} onClick={(event) => ownClick(event, () => onNear?.(q))}>
                    {word}
                  </a>
                </Fragment>
              );
            })}
          </p>
        )}
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

/** Under results from the last 12 months only: the link that searches the older years too. */
export function ArchiveOffer({ state, since, onArchive }: { state: SearchState; since: string; onArchive: () => void }) {
  return (
    <p className="search-archive">
      <a href={searchHref({ ...state, archive: true, page: 1 })} onClick={(event) => ownClick(event, onArchive)}>
        {archiveLinkText(since)}
      </a>
    </p>
  );
}
