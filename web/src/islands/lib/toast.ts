// Toasts for islands (the app shows Mantine's, web/src/lib/notify.ts): one box per message at the top
// right, below the sticky header, green for a success and red for an error, gone after a few seconds
// or at its close button. role="alert" like the app's, so the same tests and screen readers find it.
// Styles: .island-toast* in web/src/styles/site.css.

export type ToastKind = 'success' | 'error';

const LIMIT = 4;
let host: HTMLElement | null = null;

function container(): HTMLElement {
  if (host?.isConnected) return host;
  host = document.createElement('div');
  host.className = 'island-toasts';
  document.body.append(host);
  return host;
}

/** Shows `message`; the app's durations: 4 s for a success, 6 s for an error. */
export function toast(message: string, kind: ToastKind = 'success'): HTMLElement {
  const box = document.createElement('div');
  box.className = 'island-toast';
  box.dataset.kind = kind;
  box.setAttribute('role', 'alert');
  box.setAttribute('aria-live', kind === 'error' ? 'assertive' : 'polite');
  const text = document.createElement('p');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'island-toast-close';
  close.setAttribute('aria-label', 'Fechar');
  close.textContent = '×';
  const remove = () => box.remove();
  close.addEventListener('click', remove);
  box.append(text, close);
  const list = container();
  list.append(box);
  while (list.childElementCount > LIMIT) list.firstElementChild?.remove();
  setTimeout(remove, kind === 'error' ? 6000 : 4000);
  return box;
}
