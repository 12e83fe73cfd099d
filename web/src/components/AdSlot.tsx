// Advertising slot (spec 9): a labelled box whose size the stylesheet reserves per viewport (970×250
// or 728×90 from 1024×768, 728×90 from 768 px wide, else 320×50; site.css), so nothing moves when
// an ad arrives. It holds the portal's house ad, replaced by Google's when the reader consented and
// Ad Manager is set up (features/audience). None for a Premium subscriber: known only after
// hydration (auth/premium.ts), so the server's HTML and the first render in the browser keep the
// slot, which CSS hides meanwhile for a known subscriber; its beacons wait until the reader is known.
// Without the app (readers with no session) web/src/islands/ad-slot.island.ts does the same for this markup.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AdSlotName } from '../../../shared/analytics';
import { useAuth } from '../auth/context';
import { usePremiumReader } from '../auth/premium';
import { useMe } from '../auth/useMe';
import { houseAdOf } from '../features/audience/house-ads';
import { useAdSlot } from '../features/audience/useAdSlot';

export type { AdSlotName };

/** True once the reader is known and is not a subscriber: the slot is really shown. */
function useAdReader(): boolean {
  const { status } = useAuth();
  const me = useMe({ poll: false });
  return status === 'signedOut' || (status === 'signedIn' && me.data !== undefined && !me.data.subscription.subscribed);
}

export function AdSlot({ slot }: { slot: AdSlotName }) {
  const premium = usePremiumReader();
  const active = useAdReader();
  const box = useRef<HTMLDivElement>(null);
  const elementId = `ad-${slot}`;
  const filled = useAdSlot(slot, box, active, elementId);
  if (premium) return null;
  const house = houseAdOf(slot);
  const content = (
    <>
      <span className="house-ad-kicker">{house.kicker}</span>
      <span className="house-ad-title">{house.title}</span>
      <span className="house-ad-text">{house.text}</span>
      <span className="house-ad-cta">{house.cta}</span>
    </>
  );
  return (
    <div className="ad-slot" data-ad-slot={slot} data-filled={filled || undefined} data-island="ad-slot">
      <span className="ad-slot-label">Publicidade</span>
      <div className="ad-slot-box" ref={box}>
        {house.file ? (
          <a href={house.to} className="house-ad">
            {content}
          </a>
        ) : (
          <Link to={house.to} className="house-ad">
            {content}
          </Link>
        )}
        <div id={elementId} className="ad-slot-tag" />
      </div>
    </div>
  );
}
