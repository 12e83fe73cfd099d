// The share links' "Copiar link" (web/src/features/articles/components/article/ShareLinks.tsx) for a
// reader without the app: copies the article's canonical address and says so in a toast. The other
// share links are plain links already.
import type { Island } from './lib/island';
import { toast } from './lib/toast';

const share: Island = (element) => {
  const button = element.querySelector<HTMLElement>('[data-share="copy"]');
  if (!button) return;
  button.addEventListener('click', () => {
    const url = button.dataset.url || document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href || location.href;
    // No clipboard API (an insecure origin, an old browser): the same error as a refusal.
    const copying = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('no clipboard'));
    copying.then(
      () => toast('Link copiado'),
      () => toast('Não foi possível copiar o link.', 'error'),
    );
  });
};

export default share;
