// Mantine's Button as its server render writes it (classes and variables of the public stylesheet),
// for buttons an island adds: they look like the app's. tests/unit/island-session.test.ts compares
// this markup with Mantine's own, so an upgrade that changes it fails there.

export type ButtonVariant = 'filled' | 'subtle' | 'default';

const VARIABLES: Record<ButtonVariant, string> = {
  filled: '--button-color:var(--mantine-color-white)',
  subtle:
    '--button-bg:transparent;--button-hover:var(--mantine-color-indigo-light-hover);--button-color:var(--mantine-color-indigo-light-color);' +
    '--button-bd:calc(0.0625rem * var(--mantine-scale)) solid transparent',
  default:
    '--button-bg:var(--mantine-color-default);--button-hover:var(--mantine-color-default-hover);--button-color:var(--mantine-color-default-color);' +
    '--button-bd:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
};

/** A link (with `href`) or a button, labelled `label`. */
export function mantineButton(label: string, variant: ButtonVariant, href?: string): HTMLElement {
  const root = document.createElement(href ? 'a' : 'button');
  root.setAttribute('style', VARIABLES[variant]);
  root.className = 'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';
  if (variant !== 'filled') root.dataset.variant = variant;
  if (href) root.setAttribute('href', href);
  else root.setAttribute('type', 'button');
  const inner = document.createElement('span');
  inner.className = 'm_80f1301b mantine-Button-inner';
  const text = document.createElement('span');
  text.className = 'm_811560b9 mantine-Button-label';
  text.textContent = label;
  inner.append(text);
  root.append(inner);
  return root;
}
