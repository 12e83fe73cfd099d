// Cover image: upload a file (presigned PUT, then a server check) or paste an address; 16:9 preview.
import { useState } from 'react';
import { AspectRatio, Button, Center, FileInput, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { ARTICLE_MESSAGES } from '../../../../../../shared/articles';
import { notifyError } from '../../../../lib/notify';
import { uploadCover } from '../../api/covers';
import { requestMessage } from '../../lib/errors';
import { COVER_ACCEPT, coverFileProblem } from '../../lib/form-values';
import { UploadProgress } from './UploadProgress';

interface CoverFieldProps {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  /** Reports uploads in flight so the form can wait for them. */
  onUploadingChange?: (uploading: boolean) => void;
}

function CoverPreview({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <AspectRatio ratio={16 / 9}>
      {src && failed !== src ? (
        <Image src={src} alt="Pré-visualização da imagem de capa" fit="cover" radius="sm" onError={() => setFailed(src)} />
      ) : (
        <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px dashed var(--mantine-color-gray-4)' }}>
          <Stack align="center" gap={4}>
            <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
            <Text size="xs" c="dimmed">
              {src ? 'Não foi possível carregar a imagem.' : 'Sem imagem de capa'}
            </Text>
          </Stack>
        </Center>
      )}
    </AspectRatio>
  );
}

export function CoverField({ value, onChange, error, onUploadingChange }: CoverFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  function setBusy(busy: boolean) {
    setUploading(busy);
    onUploadingChange?.(busy);
  }

  async function handleFile(next: File | null) {
    if (!next) {
      setFile(null);
      return;
    }
    const problem = coverFileProblem(next);
    if (problem) {
      setFile(null);
      notifyError(ARTICLE_MESSAGES.uploadTitle, problem);
      return;
    }
    setFile(next);
    setBusy(true);
    try {
      onChange(await uploadCover(next));
    } catch (uploadError) {
      setFile(null);
      notifyError(ARTICLE_MESSAGES.uploadTitle, requestMessage(uploadError, ARTICLE_MESSAGES.uploadError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <CoverPreview key={value} src={value} />
      {uploading && <UploadProgress />}
      <FileInput
        label="Enviar imagem de capa"
        description="JPG, PNG ou WebP, até 5MB."
        placeholder="Escolher arquivo"
        accept={COVER_ACCEPT}
        value={file}
        onChange={(next) => void handleFile(next)}
        leftSection={<IconUpload size={16} />}
        disabled={uploading}
        clearable={!uploading}
      />
      <TextInput
        label="URL da imagem de capa"
        placeholder="https://..."
        value={value}
        onChange={(event) => {
          setFile(null);
          onChange(event.currentTarget.value);
        }}
        error={error}
        disabled={uploading}
      />
      {value && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => {
              setFile(null);
              onChange('');
            }}
            disabled={uploading}
          >
            Remover capa
          </Button>
        </Group>
      )}
    </Stack>
  );
}
