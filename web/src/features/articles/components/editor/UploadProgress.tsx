import { Progress, Stack, Text } from '@mantine/core';

/** What an image upload shows while it runs (covers and body images alike). */
export function UploadProgress() {
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Progress value={100} striped animated size="sm" aria-label="Enviando imagem" />
      <Text size="xs" c="dimmed">
        Enviando imagem...
      </Text>
    </Stack>
  );
}
