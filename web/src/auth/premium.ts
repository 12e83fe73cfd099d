// Premium readers see no ads (spec 2 "Pricing"). Public pages are rendered on the server for an
// anonymous reader, so who reads is known only after hydration, once the session and /api/me are:
// until then a hint kept in localStorage lets the boot script (shared/boot-script.ts) hide the ad
// slots through CSS, so they do not flash for a subscriber on every page load.
import { useEffect } from 'react';
import { setPremiumHint, setStaffHint } from './hints';
import { useAuth } from './context';
import { useMe } from './useMe';

/** True once the signed-in reader is known to be a subscriber; false on the server and while hydrating. */
export function usePremiumReader(): boolean {
  const { status } = useAuth();
  const me = useMe({ poll: false });
  return status === 'signedIn' && me.data?.subscription.subscribed === true;
}

function setHints(premium: boolean, staff: boolean): void {
  setPremiumHint(premium);
  setStaffHint(staff);
}

/** Keeps the hints in step with the last /api/me (dropped on sign-out); mounted once, by the layout. */
export function usePremiumHint(): void {
  const { status } = useAuth();
  const me = useMe({ poll: false });
  const subscribed = me.data?.subscription.subscribed;
  const staff = me.data ? me.data.roles.length > 0 : undefined;
  useEffect(() => {
    if (status === 'signedOut') setHints(false, false);
    else if (status === 'signedIn' && subscribed !== undefined && staff !== undefined) setHints(subscribed, staff);
  }, [status, subscribed, staff]);
}
