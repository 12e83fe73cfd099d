// The body editor's link dialog: add a link to the selected words, change it, or remove it. With
// nothing selected it also asks for the words to show. The address goes through the link rule.
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { checkLinkUrl } from '../../lib/link-url';

export const LINK_DIALOG_TITLE = 'Inserir link';

interface LinkDialogProps {
  editor: Editor;
  opened: boolean;
  onClose: () => void;
}

/** Mounted while open: its fields start from the link under the cursor, if any. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : '';
  const needsText = !current && editor.state.selection.empty;
  const [url, setUrl] = useState(current);
  const [text, setText] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles submit to the article form.
    event.stopPropagation();
    const check = checkLinkUrl(url, window.location.origin);
    if (!check.ok) {
      setUrlError(check.message);
      return;
    }
    if (needsText) {
      if (!text.trim()) {
        setTextError('Informe o texto do link.');
        return;
      }
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href: check.href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: check.href }).run();
    }
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  return (
    <form onSubmit={apply} noValidate>
      <Stack gap="md">
        {needsText && (
          <TextInput
            label="Texto do link"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setTextError(null);
            }}
            error={textError}
            required
          />
        )}
        <TextInput
          label="Endereço do link"
          description="Um endereço completo (https://...) ou um caminho do portal (/...)."
          placeholder="https://..."
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setUrlError(null);
          }}
          error={urlError}
          data-autofocus
          required
          autoCapitalize="off"
          spellCheck={false}
        />
        <Group justify="space-between" gap="sm">
          {current ? (
            <Button variant="subtle" color="red" onClick={remove}>
              Remover link
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit">{current ? 'Salvar link' : 'Inserir link'}</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

export function LinkDialog({ editor, opened, onClose }: LinkDialogProps) {
  const editing = editor.isActive('link');
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Editar link' : LINK_DIALOG_TITLE} centered size="lg">
      {opened && <LinkForm editor={editor} onClose={onClose} />}
    </Modal>
  );
}
