// The header's search: a plain GET form to /busca that works before the app starts (and without it),
// shown from the lg breakpoint; on phones and tablets an icon link to /busca, whose own input takes the focus.
import { type FormEvent } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { SEARCH_PAGE_PATH } from '../../../../../shared/search';
import { EMPTY_SEARCH, searchParamsOf } from '../lib/params';

export function HeaderSearchForm() {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const q = String(new FormData(form).get('q') ?? '').trim();
    const query = searchParamsOf({ ...EMPTY_SEARCH, q }).toString();
    navigate(query ? `${SEARCH_PAGE_PATH}?${query}` : SEARCH_PAGE_PATH);
    form.reset();
  };
  return (
    <form action={SEARCH_PAGE_PATH} method="get" role="search" className="header-search" onSubmit={onSubmit}>
      <TextInput
        name="q"
        type="search"
        aria-label="Buscar notícias"
        placeholder="Buscar notícias"
        size="sm"
        radius="xl"
        autoComplete="off"
        enterKeyHint="search"
        leftSection={<IconSearch size={16} aria-hidden />}
      />
    </form>
  );
}

export function HeaderSearchLink() {
  return (
    // A plain link (no ActionIcon: its styles are not in the public stylesheet).
    <Link to={SEARCH_PAGE_PATH} aria-label="Buscar" className="header-search-link">
      <IconSearch size={22} aria-hidden />
    </Link>
  );
}
