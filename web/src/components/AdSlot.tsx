// Advertising slot (spec 9): a labelled box whose size the stylesheet reserves per viewport (970×250
// or 728×90 from 1024×768, 728×90 from 768 px wide, else 320×50; site.css), so nothing moves when
// an ad arrives. It holds the portal's house ad, replaced by Google's when the reader consented and
// Ad Manager is set up (features/audience). None for a Premium subscriber: known only after
// hydration (auth/premium.ts), so the server's HTML and the first render in the browser keep the
// slot, which CSS hides meanwhile for a known subscriber; its beacons wait until the reader is known.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AdSlotName } from '../../../shared/analytics';
import { useAuth } from '../auth/context';
import { usePremiumReader } from '../auth/premium';
import { useMe } from '../auth/useMe';
import { useAdSlot } from '../features/audience/useAdSlot';

export type { AdSlotName };

/** The portal's own ads, each leading where its words say; a page never shows one ad everywhere. */
const HOUSE_ADS = {
  premium: {
    to: '/pricing',
    kicker: 'Portal Plural Premium',
    title: 'Leia sem anúncios',
    text: 'Todas as reportagens exclusivas, sem publicidade.',
    cta: 'Assine o Premium',
  },
  events: {
    to: '/events',
    kicker: 'Agenda Plural',
    title: 'O que fazer na sua cidade',
    text: 'Cultura, cidade e comunidade nos próximos dias.',
    cta: 'Ver a agenda',
  },
  authors: {
    to: '/apply-author',
    kicker: 'Comunidade Plural',
    title: 'Escreva no Portal Plural',
    text: 'Autores de todo o Brasil publicam aqui.',
    cta: 'Candidate-se',
  },
};
const HOUSE_AD_OF: Partial<Record<AdSlotName, keyof typeof HOUSE_ADS>> = {
  home_feed_1: 'events',
  article_bottom: 'events',
  home_feed_2: 'authors',
  home_bottom: 'authors',
  article_related: 'authors',
  events_bottom: 'authors',
};

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
  const house = HOUSE_ADS[HOUSE_AD_OF[slot] ?? 'premium'];
  return (
    <div className="ad-slot" data-ad-slot={slot} data-filled={filled || undefined}>
      <span className="ad-slot-label">Publicidade</span>
      <div className="ad-slot-box" ref={box}>
        <Link to={house.to} className="house-ad">
          <span className="house-ad-kicker">{house.kicker}</span>
          <span className="house-ad-title">{house.title}</span>
          <span className="house-ad-text">{house.text}</span>
          <span className="house-ad-cta">{house.cta}</span>
        </Link>
        <div id={elementId} className="ad-slot-tag" />
      </div>
    </div>
  );
}
