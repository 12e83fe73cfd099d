// The edition exactly as the e-mail will be: the API's HTML in a sandboxed frame (no script, no
// access to the page), as wide as a desktop mail client or a phone. Links open in a new tab.
import { useState } from 'react';
import { ActionIcon, Group, Loader, Paper, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import type { EditionPreview } from '../api/newsletter';

type Width = 'desktop' | 'phone';

const WIDTHS: Record<Width, number> = { desktop: 720, phone: 375 };

/** A frame's link would otherwise try to open the site inside the frame, which the site refuses. */
const withLinksInNewTab = (html: string) => (/<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}<base target="_blank">`) : `<base target="_blank">${html}`);

interface EmailPreviewProps {
  preview: EditionPreview | undefined;
  /** Why there is nothing to show yet (an incomplete edition), or the failure. */
  placeholder: string | null;
  loading: boolean;
  onRefresh: () => void;
}

export function EmailPreview({ preview, placeholder, loading, onRefresh }: EmailPreviewProps) {
  const [width, setWidth] = useState<Width>('desktop');

  return (
    <Paper withBorder radius="md" component="section" aria-label="Pré-visualização do e-mail" className="edition-preview">
      <Group justify="space-between" gap="xs" p="sm" className="edition-preview-bar">
        <Group gap="xs">
          <Text fw={600} size="sm">
            Pré-visualização
          </Text>
          {loading && <Loader size={14} aria-label="Atualizando a pré-visualização" />}
        </Group>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={width}
            onChange={(value) => setWidth(value as Width)}
            aria-label="Largura da pré-visualização"
            data={[
              {
                value: 'desktop',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconDeviceDesktop size={14} aria-hidden /> Computador
                  </Group>
                ),
              },
              {
                value: 'phone',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconDeviceMobile size={14} aria-hidden /> Celular
                  </Group>
                ),
              },
            ]}
          />
          <Tooltip label="Atualizar pré-visualização">
            <ActionIcon variant="default" onClick={onRefresh} aria-label="Atualizar pré-visualização" disabled={Boolean(placeholder) && !preview}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {preview && (
        <Stack gap={2} px="md" py="xs" className="edition-preview-subject">
          <Text size="xs" c="dimmed">
            Assunto
          </Text>
          <Text size="sm" fw={600}>
            {preview.subject}
          </Text>
        </Stack>
      )}
      <div className="edition-preview-stage">
        {preview ? (
          <iframe
            title="Pré-visualização do e-mail"
            className="edition-preview-frame"
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={withLinksInNewTab(preview.html)}
            style={{ width: WIDTHS[width], opacity: loading ? 0.7 : 1 }}
          />
        ) : (
          <Text c="dimmed" size="sm" ta="center" p="xl">
            {placeholder}
          </Text>
        )}
      </div>
      {preview && placeholder && (
        <Text size="xs" c="red.8" px="md" pb="sm">
          {placeholder}
        </Text>
      )}
    </Paper>
  );
}
