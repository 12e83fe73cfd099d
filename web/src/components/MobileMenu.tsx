// The header's drawer on small screens (a lazy chunk: modal machinery stays out of the first load).
import type { ReactNode } from 'react';
import { Drawer, Stack } from '@mantine/core';

export default function MobileMenu({
  opened,
  onClose,
  links,
  actions,
}: {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Portal Plural" hiddenFrom="md" position="right" size="xs">
      <Stack gap="md">
        <Stack component="nav" aria-label="Navegação" gap="sm">
          {links}
        </Stack>
        <Stack gap="xs">{actions}</Stack>
      </Stack>
    </Drawer>
  );
}
