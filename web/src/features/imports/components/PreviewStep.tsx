// Step 2, Pré-visualização: what the server found in the file (records, delimiter, columns) and its
// first 10 rows (the toast 'Arquivo carregado: N registros encontrados.' came with it); "Cancelar" drops the file and goes back to the upload, "Importar N registros" starts.
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { IMPORT_COLUMNS, IMPORT_LIMITS, REQUIRED_COLUMNS, type ImportRow } from '../../../../../shared/imports';
import type { ImportPreview } from '../api/imports';
import { formatMegabytes, records } from '../lib/format';

interface PreviewStepProps {
  preview: ImportPreview;
  onCancel: () => void;
  onImport: () => void;
  cancelling: boolean;
  importing: boolean;
}

const COLUMNS: { label: string; value: (row: ImportRow) => string | undefined; width: number }[] = [
  { label: 'record_id', value: (row) => row.record_id, width: 110 },
  { label: 'titulo', value: (row) => row.titulo, width: 260 },
  { label: 'Author', value: (row) => row.Author, width: 150 },
  { label: 'Date', value: (row) => row.Date, width: 170 },
  { label: 'Categorias / Tags', value: (row) => [row.Categorias, row.Tags].filter(Boolean).join(' · '), width: 200 },
  { label: 'URL Slug', value: (row) => row['URL Slug'], width: 180 },
];

const DELIMITERS: Record<ImportPreview['delimiter'], string> = { ';': 'ponto e vírgula (;)', ',': 'vírgula (,)' };

function Cell({ value, width }: { value: string | undefined; width: number }) {
  const text = value?.trim();
  return (
    <Table.Td>
      {text ? (
        <Text size="sm" truncate="end" maw={width} title={text}>
          {text}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" aria-label="vazio">
          —
        </Text>
      )}
    </Table.Td>
  );
}

export function PreviewStep({ preview, onCancel, onImport, cancelling, importing }: PreviewStepProps) {
  const optional = IMPORT_COLUMNS.filter((column) => !(REQUIRED_COLUMNS as readonly string[]).includes(column));
  const found = new Set(preview.columns);
  const shown = preview.rows.slice(0, IMPORT_LIMITS.previewRows);
  const total = preview.total_records;

  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        <Text size="sm" fw={600} data-testid="preview-total">
          {records(total)} no arquivo
        </Text>
        <Text size="sm" className="import-file-name">
          {preview.file_name} · {formatMegabytes(preview.size)} · separador {DELIMITERS[preview.delimiter] ?? preview.delimiter}
        </Text>
      </Alert>

      <Group gap={6} aria-label="Colunas opcionais do arquivo">
        <Text size="sm" c="dimmed">
          Colunas opcionais:
        </Text>
        {optional.map((column) => (
          <Badge key={column} variant={found.has(column) ? 'light' : 'outline'} color={found.has(column) ? 'blue' : 'gray'} tt="none" radius="sm">
            {column}
            {found.has(column) ? '' : ' (ausente)'}
          </Badge>
        ))}
      </Group>

      <Text size="sm" c="dimmed" id="import-preview-caption">
        {shown.length < total ? `As primeiras ${shown.length} linhas de ${records(total)}.` : `Todas as linhas do arquivo.`}
      </Text>
      <Paper withBorder radius="md" mt={-8}>
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} aria-label="Pré-visualização (role para o lado)">
          <Table verticalSpacing="xs" striped aria-label={`Primeiras ${shown.length} linhas do arquivo`}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column.label} style={{ whiteSpace: 'nowrap' }}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row, index) => (
                <Table.Tr key={`${row.record_id ?? ''}-${index}`}>
                  {COLUMNS.map((column) => (
                    <Cell key={column.label} value={column.value(row)} width={column.width} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Group justify="flex-end" gap="sm" className="import-actions">
        <Button variant="default" onClick={onCancel} loading={cancelling} disabled={importing}>
          Cancelar
        </Button>
        <Button onClick={onImport} loading={importing} disabled={cancelling || total === 0} leftSection={<IconFileImport size={16} aria-hidden />}>
          Importar {records(total)}
        </Button>
      </Group>
    </Stack>
  );
}
