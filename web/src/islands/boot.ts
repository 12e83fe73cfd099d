// The islands' entry: what an anonymous reader's browser runs on a server-rendered public page instead
// of the React application (lambdas/pages/document.ts names it, shared/boot-script.ts starts it once
// the page has loaded). The server's HTML marks each part a reader touches with data-island="name";
// each name is a module of its own, web/src/islands/<name>.island.ts, whose default export enhances
// that element. The modules load when the browser is idle, each on its own: one that fails leaves the
// others working and the page readable. A tap or a submit that comes before its island is ready is
// held and replayed once it is, and so is one the page's inline script held before this module loaded.
import { EARLY_TAP_KEY, ISLANDS_READY_ATTRIBUTE, type EarlyTap } from '../../../shared/boot-script';
import type { Island } from './lib/island';

const MODULES = import.meta.glob<{ default: Island }>('./*.island.ts');

const loaders = new Map(Object.entries(MODULES).map(([file, load]) => [/^\.\/(.+)\.island\.ts$/.exec(file)?.[1] ?? file, load]));

/** Each marked element's islands, started at idle or by the first tap, whichever comes first. */
const started = new Map<HTMLElement, Promise<unknown>>();
const ready = new WeakSet<HTMLElement>();

function mount(element: HTMLElement, name: string): Promise<void> {
  const load = loaders.get(name);
  if (!load) {
    console.error(`island "${name}" does not exist`);
    return Promise.resolve();
  }
  return load()
    .then((module) => module.default(element))
    .catch((error: unknown) => console.error(`island "${name}" failed`, error));
}

function ensure(element: HTMLElement): Promise<unknown> {
  let done = started.get(element);
  if (!done) {
    const names = (element.dataset.island ?? '').split(' ').filter(Boolean);
    done = Promise.all(names.map((name) => mount(element, name))).finally(() => ready.add(element));
    started.set(element, done);
  }
  return done;
}

/** Acts on a held tap or submit once the island of its part is ready. */
function replay(element: HTMLElement, control: Element) {
  void ensure(element).then(() => {
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else if (control instanceof HTMLElement) control.click();
  });
}

/** A tap on a button or a form sent before the island that handles it is ready: held, then replayed. */
function holdEarly(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const element = target?.closest<HTMLElement>('[data-island]');
  if (!element || ready.has(element)) return;
  const control = event.type === 'submit' ? target?.closest('form') : target?.closest<HTMLElement>('button, [role="button"]');
  if (!control || !element.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  replay(element, control);
}

function start() {
  const all = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(ensure);
  void Promise.all(all).then(() => {
    document.removeEventListener('click', holdEarly, true);
    document.removeEventListener('submit', holdEarly, true);
    document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
  });
}

// The inline script's hold gives way to this one, and its tap is replayed.
const early = (window as unknown as Record<string, EarlyTap | undefined>)[EARLY_TAP_KEY];
if (early) {
  document.removeEventListener('click', early.listener, true);
  document.removeEventListener('submit', early.listener, true);
}
document.addEventListener('click', holdEarly, true);
document.addEventListener('submit', holdEarly, true);
const heldElement = early?.control?.closest<HTMLElement>('[data-island]');
if (early?.control && heldElement) replay(heldElement, early.control);
if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1500 });
else setTimeout(start, 1);
