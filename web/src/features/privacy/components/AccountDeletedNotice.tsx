// The home page's notice after an account's deletion. A toast alone was missed: it lasted 4 s, over a
// home page left scrolled as far down as the settings' danger zone was. This one stays until closed,
// at the top, where the page now opens. It is held here, not in the history's state: the sign-out's
// own redirect to the home page could land after the deletion's navigation and drop that state.
import { useEffect, useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PRIVACY_MESSAGES } from '../../../../../shared/privacy';

let deleted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function setDeleted(value: boolean) {
  deleted = value;
  for (const listener of listeners) listener();
}

/** Called once the deletion is accepted: the home page shows the notice until the reader closes it. */
export const announceAccountDeleted = () => setDeleted(true);

export function AccountDeletedNotice() {
  // Never in the server's render.
  const shown = useSyncExternalStore(subscribe, () => deleted, () => false);

  useEffect(() => {
    if (shown) window.scrollTo({ top: 0 });
  }, [shown]);

  if (!shown) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={PRIVACY_MESSAGES.deletionNoticeTitle}
      withCloseButton
      closeButtonLabel="Fechar aviso"
      onClose={() => setDeleted(false)}
    >
      {PRIVACY_MESSAGES.deletionRequested} {PRIVACY_MESSAGES.deletionNoticeText}
    </Alert>
  );
}
