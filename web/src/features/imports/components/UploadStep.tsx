// Step 1, Upload: a drop area with a button to choose the .csv (native drag and drop: the project has
// no @mantine/dropzone), then the upload's progress (percent, MB of MB) and the analysis.
import { useRef, useState, type DragEvent } from 'react';
import { Button, FileButton, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypeCsv, IconUpload, IconX } from '@tabler/icons-react';
import { formatMegabytes, percentOf } from '../lib/format';
import type { UploadState } from '../hooks/useFileUpload';

interface UploadStepProps {
  state: UploadState;
  onFile: (file: File) => void;
  onAbort: () => void;
}

function Progressing({ state, onAbort }: { state: Exclude<UploadState, { phase: 'idle' }>; onAbort: () => void }) {
  if (state.phase === 'analyzing') {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="sm" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Text fw={600}>Analisando arquivo…</Text>
          <Text size="sm" c="dimmed" className="import-file-name">
            {state.fileName} ({formatMegabytes(state.size)}): contando os registros e conferindo as colunas.
          </Text>
        </Stack>
      </Paper>
    );
  }
  const percent = percentOf(state.sent, state.size);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} className="import-file-name" role="status" aria-live="polite">
            Enviando {state.fileName}
          </Text>
          <Text fw={700} data-testid="upload-percent">
            {percent}%
          </Text>
        </Group>
        <Progress value={percent} size="lg" radius="xl" animated aria-label="Progresso do envio" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {formatMegabytes(state.sent)} de {formatMegabytes(state.size)}
          </Text>
          <Button variant="subtle" color="gray" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={onAbort}>
            Cancelar envio
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function UploadStep({ state, onFile, onAbort }: UploadStepProps) {
  const [dragging, setDragging] = useState(false);
  const reset = useRef<() => void>(null);

  if (state.phase !== 'idle') return <Progressing state={state} onAbort={onAbort} />;

  const take = (file: File | null | undefined) => {
    // The same file may be chosen again after a refusal or a cancel.
    reset.current?.();
    if (file) onFile(file);
  };
  const over = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <Paper
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      className="import-drop"
      data-dragging={dragging || undefined}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
      aria-label="Área para soltar o arquivo CSV"
      role="region"
    >
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {dragging ? <IconUpload size={30} /> : <IconFileTypeCsv size={30} />}
        </ThemeIcon>
        <Text fw={600}>{dragging ? 'Solte o arquivo para enviar' : 'Arraste o arquivo CSV para cá'}</Text>
        <Text size="sm" c="dimmed">
          ou
        </Text>
        <FileButton onChange={take} accept=".csv,text/csv" resetRef={reset}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
              Escolher arquivo
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Um arquivo .csv de até 100 MB.
        </Text>
      </Stack>
    </Paper>
  );
}
