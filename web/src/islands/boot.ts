// The islands' entry: what an anonymous reader's browser runs on a server-rendered public page instead
// of the React application (lambdas/pages/document.ts names it, shared/boot-script.ts starts it once
// the page has loaded). The server's HTML marks each part a reader touches with data-island="name";
// each name is a module of its own, web/src/islands/<name>.island.ts, whose default export enhances
// that element. The modules load when the browser is idle, each on its own: one that fails leaves the
// others working and the page readable. A tap or a submit that comes before its island is ready is
// held and replayed once it is.
import { ISLANDS_READY_ATTRIBUTE } from '../../../shared/boot-script';
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

/** A tap on a button or a form sent before the island that handles it is ready: held, then replayed. */
function holdEarly(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const element = target?.closest<HTMLElement>('[data-island]');
  if (!element || ready.has(element)) return;
  const control = event.type === 'submit' ? target?.closest('form') : target?.closest<HTMLElement>('button, [role="button"]');
  if (!control || !element.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  void ensure(element).then(() => {
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else if (control instanceof HTMLElement) control.click();
  });
}

function start() {
  const all = [...document.querySelectorAll<HTMLElement>('[data-island]')].map(ensure);
  void Promise.all(all).then(() => {
    document.removeEventListener('click', holdEarly, true);
    document.removeEventListener('submit', holdEarly, true);
    document.documentElement.setAttribute(ISLANDS_READY_ATTRIBUTE, '');
  });
}

document.addEventListener('click', holdEarly, true);
document.addEventListener('submit', holdEarly, true);
if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1500 });
else setTimeout(start, 1);
