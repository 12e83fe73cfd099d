// The assignee picker's options: the staff by name, each with their role beside it (and the e-mail the
// API gives for two people of the same name), plus a current assignee no longer among them.
import { highestRole, isRole, ROLE_LABELS } from '../../../../../shared/roles';
import type { StaffMember } from '../api/storyboard';

export interface StaffOption {
  value: string;
  label: string;
}

export function staffOptions(staff: readonly StaffMember[], current?: { id: string | null; name: string | null }): StaffOption[] {
  const options = staff.map((member) => {
    const role = highestRole(member.roles.filter(isRole));
    const beside = [role ? ROLE_LABELS[role] : null, member.email ?? null].filter(Boolean).join(' · ');
    return { value: member.id, label: beside ? `${member.full_name} (${beside})` : member.full_name };
  });
  if (current?.id && !options.some((option) => option.value === current.id)) options.push({ value: current.id, label: current.name ?? 'Usuário sem perfil' });
  return options;
}
