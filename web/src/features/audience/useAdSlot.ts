// An ad slot's beacons and its ad (tracker.ts watchSlot, ads.ts): counted once the slot is shown to
// a reader known not to be a subscriber, for the page view under way. With consent and a network
// code, GPT fills the slot; until it does (or if it never does) the house ad stays.
import { useEffect, useState, type RefObject } from 'react';
import type { AdSlotName } from '../../../../shared/analytics';
import { loadTracker, useCurrentPageView } from './store';

export function useAdSlot(slot: AdSlotName, box: RefObject<HTMLElement | null>, active: boolean, elementId: string): boolean {
  const view = useCurrentPageView();
  const [filled, setFilled] = useState(false);

  // A new page view counts the slot again and gets a new ad.
  useEffect(() => {
    const element = box.current;
    if (!active || !view || !element) return;
    let stop: (() => void) | undefined;
    let gone = false;
    loadTracker()
      .then((tracker) => {
        if (!gone) stop = tracker.watchSlot(view, slot, element, elementId, setFilled);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
      setFilled(false);
    };
  }, [active, view, slot, box, elementId]);

  return filled;
}
