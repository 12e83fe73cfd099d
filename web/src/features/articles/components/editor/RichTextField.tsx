// The article body editor (Tiptap through Mantine). Loaded lazily: it and its styles stay out of the entry chunk.
import '@mantine/tiptap/styles.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Input, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconBrandYoutube, IconCode, IconLink, IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { NodeSelection, Selection } from '@tiptap/pm/state';
import Youtube, { isValidYoutubeUrl } from '@tiptap/extension-youtube';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { notifyError } from '../../../../lib/notify';
import { isAllowedLink } from '../../lib/link-url';
import { ImageDialog, IMAGE_DIALOG_TITLE, type BodyImage } from './ImageDialog';
import { LinkDialog, LINK_DIALOG_TITLE } from './LinkDialog';
import classes from './RichTextField.module.css';

const YOUTUBE_SIZE = { width: 640, height: 360 } as const;

const LABELS = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  h2ControlLabel: 'Cabeçalho nível 2',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Citação',
  unlinkControlLabel: 'Remover link',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
};

type Dialog = 'youtube' | 'html';

const DIALOG_TITLES: Record<Dialog, string> = {
  youtube: 'Inserir vídeo do YouTube',
  html: 'Incorporar HTML',
};

export interface RichTextFieldProps {
  /** HTML the editor starts with; later changes come from the editor only. */
  initialContent: string;
  /** Called with the editor's HTML, or '' when it is empty. */
  onChange: (html: string) => void;
  error?: string;
  /** The field's name ('Conteúdo' for an article, 'Descrição' for an event). */
  label?: string;
}

export default function RichTextField({ initialContent, onChange, error, label = 'Conteúdo' }: RichTextFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [html, setHtml] = useState('');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Auto-linked and pasted addresses pass the link dialog's rule too.
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (uri) => isAllowedLink(uri, window.location.origin) },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Youtube.configure({ ...YOUTUBE_SIZE, controls: true, nocookie: false }),
    ],
    content: initialContent,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-label': label,
        'aria-multiline': 'true',
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  // The editable element is created by the editor; its error state follows the prop.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dom = rootRef.current?.querySelector('[contenteditable]');
    if (!dom) return;
    if (error) {
      dom.setAttribute('aria-invalid', 'true');
      dom.setAttribute('aria-describedby', errorId);
    } else {
      dom.removeAttribute('aria-invalid');
      dom.removeAttribute('aria-describedby');
    }
  }, [editor, error, errorId]);

  function open(next: Dialog) {
    setUrl('');
    setHtml('');
    setDialog(next);
  }

  function close() {
    setDialog(null);
    setLinkOpen(false);
    setImageOpen(false);
    editor?.commands.focus();
  }

  function insertImage({ src, alt }: BodyImage) {
    if (!editor) return;
    editor.chain().focus().setImage({ src, alt }).run();
    moveAfterSelectedNode();
    setImageOpen(false);
  }

  /** After an embed is inserted it stays selected; typing or a later insert would replace it. Move past it. */
  function moveAfterSelectedNode() {
    if (!editor) return;
    const { state } = editor;
    if (!(state.selection instanceof NodeSelection)) return;
    editor.view.dispatch(state.tr.setSelection(Selection.near(state.doc.resolve(state.selection.to), 1)));
  }

  function insert(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialogs' forms sit in a portal, but React still bubbles submit to the article form.
    event.stopPropagation();
    if (!editor) return;
    if (dialog === 'youtube') {
      const src = url.trim();
      if (!isValidYoutubeUrl(src)) {
        notifyError('Erro', 'URL do YouTube inválida');
        return;
      }
      editor.chain().focus().setYoutubeVideo({ src, ...YOUTUBE_SIZE }).run();
      moveAfterSelectedNode();
    } else if (dialog === 'html') {
      if (html.trim()) editor.commands.insertContent(html);
      moveAfterSelectedNode();
      editor.commands.focus();
    }
    setDialog(null);
  }

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} required onClick={() => editor?.commands.focus()}>
        {label}
      </Input.Label>
      <RichTextEditor
        ref={rootRef}
        editor={editor}
        labels={LABELS}
        aria-labelledby={labelId}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={64}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.H2 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control
              onClick={() => setLinkOpen(true)}
              active={editor?.isActive('link') ?? false}
              aria-label={LINK_DIALOG_TITLE}
              title={LINK_DIALOG_TITLE}
            >
              <IconLink size={16} stroke={1.5} />
            </RichTextEditor.Control>
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control onClick={() => open('youtube')} aria-label={DIALOG_TITLES.youtube} title={DIALOG_TITLES.youtube}>
              <IconBrandYoutube size={16} stroke={1.5} />
            </RichTextEditor.Control>
            <RichTextEditor.Control onClick={() => setImageOpen(true)} aria-label={IMAGE_DIALOG_TITLE} title={IMAGE_DIALOG_TITLE}>
              <IconPhoto size={16} stroke={1.5} />
            </RichTextEditor.Control>
            <RichTextEditor.Control onClick={() => open('html')} aria-label={DIALOG_TITLES.html} title={DIALOG_TITLES.html}>
              <IconCode size={16} stroke={1.5} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={320} className={classes.content} />
      </RichTextEditor>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}

      <Modal opened={dialog !== null} onClose={close} title={dialog ? DIALOG_TITLES[dialog] : ''} centered size="lg">
        <form onSubmit={insert} noValidate>
          <Stack gap="md">
            {dialog === 'youtube' && (
              <TextInput
                label="URL do vídeo"
                placeholder="https://www.youtube.com/watch?v=..."
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
                data-autofocus
                required
              />
            )}
            {dialog === 'html' && (
              <Textarea
                label="Código HTML"
                description="Trechos não permitidos são removidos ao salvar."
                placeholder="<p>...</p>"
                autosize
                minRows={6}
                maxRows={16}
                value={html}
                onChange={(event) => setHtml(event.currentTarget.value)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                data-autofocus
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit">Inserir</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {editor && <LinkDialog editor={editor} opened={linkOpen} onClose={close} />}
      <ImageDialog opened={imageOpen} onClose={close} onInsert={insertImage} />
    </Stack>
  );
}
