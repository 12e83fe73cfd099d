// The assignee picker's options: the staff by name, plus a current assignee no longer among them.
import type { StaffMember } from '../api/storyboard';

export interface StaffOption {
  value: string;
  label: string;
}

export function staffOptions(staff: readonly StaffMember[], current?: { id: string | null; name: string | null }): StaffOption[] {
  const options = staff.map((member) => ({ value: member.id, label: member.full_name }));
  if (current?.id && !options.some((option) => option.value === current.id)) options.push({ value: current.id, label: current.name ?? 'Usuário sem perfil' });
  return options;
}
