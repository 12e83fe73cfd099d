// The body editor's image dialog: upload a file (the covers' path: presigned PUT, then the server's
// check) or give an address; the alternative text is required before the image goes in.
import { useState, type FormEvent } from 'react';
import { Button, FileInput, Group, Image, Modal, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ARTICLE_MESSAGES } from '../../../../../../shared/articles';
import { uploadCover } from '../../api/covers';
import { requestMessage } from '../../lib/errors';
import { COVER_ACCEPT, coverFileProblem } from '../../lib/form-values';
import { checkLinkUrl } from '../../lib/link-url';
import { UploadProgress } from './UploadProgress';

export const IMAGE_DIALOG_TITLE = 'Inserir imagem';
export const ALT_REQUIRED = 'Descreva a imagem: o texto alternativo é obrigatório.';

export interface BodyImage {
  src: string;
  alt: string;
}

interface ImageDialogProps {
  opened: boolean;
  onClose: () => void;
  onInsert: (image: BodyImage) => void;
}

/** Mounted while open, so every opening starts empty. */
function ImageForm({ onClose, onInsert }: Omit<ImageDialogProps, 'opened'>) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [altError, setAltError] = useState<string | null>(null);

  async function upload(next: File | null) {
    setFile(next);
    setFileError(null);
    if (!next) return;
    const problem = coverFileProblem(next);
    if (problem) {
      setFile(null);
      setFileError(problem);
      return;
    }
    setUploading(true);
    try {
      setUrl(await uploadCover(next));
      setUrlError(null);
    } catch (error) {
      setFile(null);
      setFileError(requestMessage(error, ARTICLE_MESSAGES.uploadError));
    } finally {
      setUploading(false);
    }
  }

  function insert(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles submit to the article form.
    event.stopPropagation();
    if (uploading) return;
    const check = checkLinkUrl(url, window.location.origin);
    const description = alt.trim();
    if (!check.ok) setUrlError(url.trim() ? check.message : 'Envie uma imagem ou informe o endereço dela.');
    if (!description) setAltError(ALT_REQUIRED);
    if (!check.ok || !description) return;
    onInsert({ src: check.href, alt: description });
  }

  const preview = checkLinkUrl(url, window.location.origin);
  return (
    <form onSubmit={insert} noValidate>
      <Stack gap="md">
        <FileInput
          label="Enviar imagem"
          description="JPG, PNG ou WebP, até 5MB."
          placeholder="Escolher arquivo"
          accept={COVER_ACCEPT}
          value={file}
          onChange={(next) => void upload(next)}
          leftSection={<IconUpload size={16} />}
          disabled={uploading}
          error={fileError}
          clearable={!uploading}
        />
        {uploading && <UploadProgress />}
        <TextInput
          label="Endereço da imagem"
          description="Preenchido pelo envio, ou um endereço https://... de uma imagem."
          placeholder="https://..."
          value={url}
          onChange={(event) => {
            setFile(null);
            setUrl(event.currentTarget.value);
            setUrlError(null);
          }}
          error={urlError}
          disabled={uploading}
          autoCapitalize="off"
          spellCheck={false}
        />
        {preview.ok && <Image src={preview.href} alt="" mah={160} fit="contain" radius="sm" />}
        <TextInput
          label="Texto alternativo"
          description="Descreva a imagem para quem usa leitor de tela."
          value={alt}
          onChange={(event) => {
            setAlt(event.currentTarget.value);
            setAltError(null);
          }}
          error={altError}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={uploading}>
            Inserir
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ImageDialog({ opened, onClose, onInsert }: ImageDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={IMAGE_DIALOG_TITLE} centered size="lg">
      {opened && <ImageForm onClose={onClose} onInsert={onInsert} />}
    </Modal>
  );
}
