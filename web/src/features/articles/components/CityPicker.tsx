// The searchable city list of the home's city filter. A chunk of its own: it brings the dropdown
// machinery (positioning, portal, scroll area), which the home only needs once the list is opened.
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Combobox, Group, ScrollArea, Text, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CityCount } from '../../../../../shared/api-types';
import { formatNumber } from '../../../lib/format';
import { cityLabel } from '../lib/city-filter-utils';
import { searchCities } from '../lib/city-picker-search';

export interface CityPickerProps {
  cities: readonly CityCount[];
  selected: string | null;
  onSelect(locationPath: string): void;
  /** Open the list as soon as it mounts (the first click loaded this chunk). */
  initiallyOpened?: boolean;
}

export default function CityPicker({ cities, selected, onSelect, initiallyOpened = false }: CityPickerProps) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  // Only on mount: later opens come from the button.
  useEffect(() => {
    if (initiallyOpened) combobox.openDropdown();
  }, []);

  const matches = useMemo(() => searchCities(cities, search), [cities, search]);

  return (
    <Combobox
      store={combobox}
      width={300}
      position="bottom-end"
      withinPortal
      onOptionSubmit={(value) => {
        onSelect(value);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconSearch size={16} aria-hidden />}
          onClick={() => combobox.toggleDropdown()}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
        >
          Selecionar Cidade
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.updateSelectedOptionIndex();
          }}
          placeholder="Buscar cidade..."
          aria-label="Buscar cidade"
        />
        <Combobox.Options>
          <ScrollArea.Autosize mah={280} type="scroll">
            {matches.length === 0 ? (
              <Combobox.Empty>Nenhuma cidade encontrada</Combobox.Empty>
            ) : (
              matches.map((city) => (
                <Combobox.Option key={city.location_path} value={city.location_path} active={city.location_path === selected}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate="end">
                      {cityLabel(city)}
                    </Text>
                    <Badge size="sm" variant="light" color="gray" aria-label={`${formatNumber(city.count)} artigos`}>
                      {formatNumber(city.count)}
                    </Badge>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
