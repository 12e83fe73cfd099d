// What the server knew when it rendered a page, handed to the browser with the HTML so that the first
// client render (hydration) produces exactly the same markup: the site's origin (canonical links,
// structured data), the moment of rendering (the masthead's date) and whether the address was a 404.
import { createContext, startTransition, useContext, useEffect, useState } from 'react';

export interface RenderInfo {
  origin: string;
  /** Epoch ms. */
  renderedAt: number;
  /** The server answered 404 for the first address: show the 404 page until the reader navigates. */
  notFound: boolean;
  /** That 404 may be a page the signed-in staff can open (a draft event): the browser asks the API as them. */
  staffMayView?: boolean;
  /**
   * The server rendered the page as a signed-out reader sees it: a page that shows signed-out readers
   * something of their own (/pricing) shows it while the session is being checked, so hydration
   * matches, and hides it meanwhile in a browser with a session (styles/site.css, .session-pending).
   */
  signedOutView?: boolean;
}

export const RenderContext = createContext<RenderInfo | null>(null);

export function useRenderInfo(): RenderInfo {
  const value = useContext(RenderContext);
  if (!value) throw new Error('useRenderInfo must be used inside <RenderContext>');
  return value;
}

/** The render's moment first (as the HTML was made), then the reader's clock. */
export function useNow(): Date {
  const { renderedAt } = useRenderInfo();
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => startTransition(() => setNow(new Date())), []);
  return now;
}
