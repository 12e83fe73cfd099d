// Primary city: a searchable select over every Brazilian municipality, valued by IBGE code.
import { memo } from 'react';
import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { allCities, cityLabel } from '../../../../../../shared/cities';
import { foldSearchText, searchOptions } from '../../lib/city-search';
import { useComboboxField } from '../../hooks/useComboboxField';

interface CityIndex {
  options: ComboboxItem[];
  folded: Map<string, string>;
}

let cityIndex: CityIndex | null = null;

/** Built once per session: the list is large and never changes. */
function getCityIndex(): CityIndex {
  if (!cityIndex) {
    const options = allCities().map((city) => ({ value: city.code, label: cityLabel(city) }));
    cityIndex = { options, folded: new Map(options.map((option) => [option.value, foldSearchText(option.label)])) };
  }
  return cityIndex;
}

const filterCities: OptionsFilter = ({ options, search, limit }) =>
  searchOptions(options as ComboboxItem[], search, limit, getCityIndex().folded);

interface CityFieldProps {
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string;
  disabled?: boolean;
  /** The article editor's wording unless told otherwise (the storyboard's pautas use it too; null: no description). */
  label?: string;
  description?: string | null;
}

export const CityField = memo(function CityField({
  value,
  onChange,
  error,
  disabled,
  label = 'Cidade principal',
  description = 'Define o endereço público do artigo.',
}: CityFieldProps) {
  const { options } = getCityIndex();
  const field = useComboboxField();
  return (
    <Select
      {...field}
      label={label}
      placeholder="Busque pelo nome da cidade"
      description={description}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      limit={50}
      filter={filterCities}
      nothingFoundMessage="Nenhuma cidade encontrada"
      error={error}
      disabled={disabled}
    />
  );
});
