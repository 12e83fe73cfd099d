// Props for Mantine comboboxes (Select, TagsInput) in the editor.
import { useId } from 'react';

/**
 * Mantine names a combobox's option list after the field's label (`${id}-label`), so a search by label
 * finds both the input and the list. The label gets an id of its own: the input keeps its name (through
 * <label for>) and the list, rendered only while open, stays unnamed.
 */
export function useComboboxField() {
  const id = useId();
  return {
    id,
    labelProps: { id: `${id}-field-label` },
    comboboxProps: { keepMounted: false, withinPortal: true },
  };
}
