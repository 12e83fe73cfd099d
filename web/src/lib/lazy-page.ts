// A lazily loaded page that can be loaded ahead of its first render. The server loads the page it
// renders before rendering, and the browser the same page before hydrating, so neither shows the
// Suspense fallback in place of a page the HTML already holds.
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage {
  (props: object): ReturnType<typeof createElement>;
  /** Loads the page's chunk; resolves once rendering it will not suspend. */
  preload(): Promise<void>;
  /** The page's source, as Vite's manifest names it (web/…), to preload its chunk from the HTML. */
  readonly source: string;
}

export function lazyPage(source: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // a later navigation may retry
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload, source });
}
