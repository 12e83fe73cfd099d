// The hints the boot script (shared/boot-script.ts) reads before the first paint, kept from the last
// /api/me by the app (premium.ts) and by the islands (web/src/islands/lib/session.ts): a subscriber's
// ad slots hidden at once, a member of the newsroom given the app on public pages. Framework-free.
import { PREMIUM_ATTRIBUTE, PREMIUM_HINT_KEY, STAFF_HINT_KEY } from '../../../shared/boot-script';

function keep(key: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Storage blocked: no hint; the page learns who reads a moment later.
  }
}

/** A subscriber's: the stylesheet hides the ad slots under PREMIUM_ATTRIBUTE. */
export function setPremiumHint(premium: boolean): void {
  keep(PREMIUM_HINT_KEY, premium);
  document.documentElement.toggleAttribute(PREMIUM_ATTRIBUTE, premium);
}

/** A member of the newsroom's: the boot script starts the app on public pages, for their tools there. */
export function setStaffHint(staff: boolean): void {
  keep(STAFF_HINT_KEY, staff);
}
