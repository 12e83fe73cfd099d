// A toast as the app shows them (role alert, bottom right), for the few an island raises.

/** Shows `message` (and a title) for a few seconds. */
export function toast(message: string, { title, error = false }: { title?: string; error?: boolean } = {}): void {
  const box = document.createElement('div');
  box.className = error ? 'island-toast is-error' : 'island-toast';
  box.setAttribute('role', 'alert');
  if (title) {
    const strong = document.createElement('strong');
    strong.textContent = title;
    box.append(strong);
  }
  const text = document.createElement('span');
  text.textContent = message;
  box.append(text);
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}
