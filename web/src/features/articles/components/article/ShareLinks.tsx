// Share links under the article's byline: real links to each network, and a button that copies the canonical address.
import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, IconLink } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../../lib/notify';

export function shareUrls(url: string, title: string) {
  const u = encodeURIComponent(url);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
  };
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const links = shareUrls(url, title);
  const items = [
    { key: 'whatsapp', label: 'WhatsApp', href: links.whatsapp, icon: IconBrandWhatsapp },
    { key: 'facebook', label: 'Facebook', href: links.facebook, icon: IconBrandFacebook },
    { key: 'x', label: 'X', href: links.x, icon: IconBrandX },
  ];

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Link copiado');
    } catch {
      notifyError('Não foi possível copiar o link.');
    }
  }

  return (
    <Group gap="xs" className="share-links" role="group" aria-label="Compartilhar" data-island="share">
      <Text size="sm" fw={600} c="dimmed">
        Compartilhar:
      </Text>
      {items.map(({ key, label, href, icon: Icon }) => (
        <Anchor
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="share-link"
          data-share={key}
          aria-label={`Compartilhar no ${label} (abre em nova aba)`}
        >
          <Icon size={18} aria-hidden />
          <span>{label}</span>
        </Anchor>
      ))}
      <UnstyledButton className="share-link" data-share="copy" data-url={url} onClick={() => void copy()}>
        <IconLink size={18} aria-hidden />
        <span>Copiar link</span>
      </UnstyledButton>
    </Group>
  );
}
