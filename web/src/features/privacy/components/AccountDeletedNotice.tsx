// The home page's notice after an account's deletion (DeleteAccountSection navigates here with
// ACCOUNT_DELETED in the history state). A toast alone was missed: it lasted 4 s, over a home page
// left scrolled as far down as the settings' danger zone was. This one stays until closed, at the
// top, where the page now opens.
import { useEffect } from 'react';
import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PRIVACY_MESSAGES } from '../../../../../shared/privacy';

/** The history state that asks for the notice (never in the server's render: no state there). */
export const ACCOUNT_DELETED = { accountDeleted: true } as const;

export function AccountDeletedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = (location.state as { accountDeleted?: unknown } | null)?.accountDeleted === true;

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
      // Closing forgets the state, so going back and forth does not show it again.
      onClose={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    >
      {PRIVACY_MESSAGES.deletionRequested} {PRIVACY_MESSAGES.deletionNoticeText}
    </Alert>
  );
}
