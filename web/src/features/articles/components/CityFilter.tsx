// City filter of the home feed (spec 2 "Home feed"): a searchable list of the cities that have
// published articles, with counts, and the most popular ones as shortcuts. The chosen city lives in
// the `city` query parameter (its location_path); the page reads it and refetches the feed. The
// shortcuts and the badge's remove are plain links, which work without the app; the list is an island
// there (web/src/islands/city-filter.island.ts, which reads the cities from the page's state).
import { lazy, Suspense, useMemo, useState, type MouseEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMapPin, IconSearch, IconX } from '@tabler/icons-react';
import type { CityCount } from '../../../../../shared/api-types';
import { useCityHref } from '../hooks/useCityParam';
import { cityLabel, popularCities } from '../lib/city-filter-utils';

const loadPicker = () => import('./CityPicker');
const CityPicker = lazy(loadPicker);

interface CityFilterProps {
  cities: readonly CityCount[];
  /** location_path of the chosen city, or null. */
  selected: string | null;
  onChange(locationPath: string | null): void;
  /** What the filter narrows ('artigos' on the home, 'eventos' on the agenda). */
  subject?: string;
}

function PickerButton({ onOpen, loading = false }: { onOpen?: () => void; loading?: boolean }) {
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconSearch size={16} aria-hidden />}
      loading={loading}
      onClick={onOpen}
      // Fetch the list's chunk as soon as the pointer or focus gets near.
      onPointerEnter={() => void loadPicker().catch(() => undefined)}
      onFocus={() => void loadPicker().catch(() => undefined)}
      aria-haspopup="listbox"
      aria-expanded={false}
    >
      Selecionar Cidade
    </Button>
  );
}

export function CityFilter({ cities, selected, onChange, subject = 'artigos' }: CityFilterProps) {
  const [pickerUsed, setPickerUsed] = useState(false);
  const popular = useMemo(() => popularCities(cities), [cities]);
  const current = selected ? cities.find((city) => city.location_path === selected) : undefined;
  const hrefOf = useCityHref();
  // A link's own navigation would do the same; onChange keeps the scroll where it is.
  const follow = (event: MouseEvent<HTMLAnchorElement>, next: string | null) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <Paper withBorder radius="md" p="sm" className="city-filter" data-island="city-filter">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconMapPin size={18} aria-hidden color="var(--mantine-color-indigo-6)" />
            <Text component="h2" fw={700} size="md">
              Filtrar por Região
            </Text>
          </Group>
          {pickerUsed ? (
            <Suspense fallback={<PickerButton loading />}>
              <CityPicker cities={cities} selected={selected} onSelect={onChange} initiallyOpened />
            </Suspense>
          ) : (
            <PickerButton onOpen={() => setPickerUsed(true)} />
          )}
        </Group>

        {current && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Mostrando {subject} de:
            </Text>
            <Badge
              size="lg"
              variant="light"
              color="indigo"
              tt="none"
              rightSection={
                <UnstyledButton
                  component="a"
                  href={hrefOf(null)}
                  className="badge-remove"
                  aria-label="Remover filtro de cidade"
                  onClick={(event: MouseEvent<HTMLAnchorElement>) => follow(event, null)}
                >
                  <IconX size={14} aria-hidden />
                </UnstyledButton>
              }
            >
              {cityLabel(current)}
            </Badge>
          </Group>
        )}

        {popular.length > 0 && (
          <Group gap="xs" align="center">
            <Text size="sm" c="dimmed">
              Cidades mais populares:
            </Text>
            {popular.map((city) => {
              const active = city.location_path === selected;
              const next = active ? null : city.location_path;
              return (
                <Button
                  key={city.location_path}
                  component="a"
                  href={hrefOf(next)}
                  size="compact-sm"
                  radius="xl"
                  variant={active ? 'filled' : 'light'}
                  aria-current={active ? 'true' : undefined}
                  onClick={(event: MouseEvent<HTMLAnchorElement>) => follow(event, next)}
                >
                  {cityLabel(city)}
                </Button>
              );
            })}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
