// The consent this browser holds, kept current: the preferences dialog (or another tab) may change it
// while Meus dados is open, and a change also refreshes the account's consent history (a moment
// later: the choice is kept before its record is sent).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../auth/context';
import { privacyKeys } from '../api/requests';
import { useConsent, type StoredConsent } from '../consent-store';

/** Time for the new choice's record to reach the API. */
const RECORD_DELAY_MS = 1500;

export function useCurrentConsent(): StoredConsent | null {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { choice } = useConsent();
  const seen = useRef(choice?.at);
  useEffect(() => {
    if (choice?.at === seen.current) return;
    seen.current = choice?.at;
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: privacyKeys.consents(user?.userId) }), RECORD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [choice?.at, queryClient, user?.userId]);
  return choice;
}
