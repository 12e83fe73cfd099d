// The bulk CSV import in a real browser: the master opens it from the admin area, picks a WordPress
// export (the sample generator's rows, a few broken), sees the preview of the first 10 rows, imports
// it with a progress bar, downloads the error log and finds an imported article on the site. The
// rules themselves (messages, redelivery, re-import, kill and restart) are tested over HTTP in
// tests/integration/imports.test.ts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IMPORT_MESSAGES } from '../../shared/imports';
import { csvLine, SAMPLE_COLUMNS, sampleRows } from '../bench/import-sample';
import { expect, signedIn, test, toast } from './fixtures';
import { person, type Staff } from './publishing';

const suffix = randomUUID().slice(0, 6);
let master: Staff;

test.beforeAll(async () => {
  master = await person('masterimport', 'Márcia Importação', ['master']);
});

test('the master imports a CSV, follows the progress, downloads the error log and finds the articles on the site', async ({ page }) => {
  test.setTimeout(180_000);
  const { rows, broken } = sampleRows(150, 6, 21);
  const prefixed = rows.map((row) => ({
    ...row,
    record_id: `${suffix}-${row.record_id}`,
    'URL Slug': /^[a-z0-9]/.test(row['URL Slug']) ? `${suffix}-${row['URL Slug']}` : row['URL Slug'],
  }));
  const refused = [...broken].filter(([, kind]) => kind !== 'bad-slug').map(([id]) => `${suffix}-${id}`);
  const csv =
    [
      csvLine(SAMPLE_COLUMNS, ';'),
      ...prefixed.map((row) =>
        csvLine(
          SAMPLE_COLUMNS.map((column) => row[column]),
          ';',
        ),
      ),
    ].join('\n') + '\n';

  await signedIn(page, master, '/admin');
  await page.getByRole('tab', { name: 'Artigos' }).click();
  await page.getByRole('link', { name: 'Importar CSV' }).click();
  await expect(page).toHaveURL(/\/import-articles/);
  await expect(page.getByRole('heading', { name: 'Importar artigos' })).toBeVisible();
  // The lead names both separators once each, without a doubled comma.
  await expect(page.getByText(/Separador ; ou ,\. Tamanho máximo: 100 MB\./)).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({
    name: `arquivo-${suffix}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(toast(page, IMPORT_MESSAGES.loaded(150))).toBeVisible({
    timeout: 30_000,
  });
  const preview = page.getByRole('table', { name: /Primeiras 10 linhas/ });
  await expect(preview.getByRole('row')).toHaveCount(11);
  await expect(preview).toContainText(prefixed[0]!.titulo.slice(0, 30));

  // Cancelling goes back to the upload; the same file again, and this time it is imported.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('region', { name: 'Área para soltar o arquivo CSV' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: `arquivo-${suffix}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: /Importar 150 registros/ }).click();
  await expect(page.getByRole('progressbar', { name: 'Progresso da importação' })).toBeAttached();
  await expect(page.getByTestId('import-rate')).toBeVisible();

  await expect(page.getByText(IMPORT_MESSAGES.completed).first()).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByTestId('complete-successes')).toContainText(String(150 - refused.length));
  await expect(page.getByTestId('complete-failures')).toContainText(String(refused.length));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Baixar log de erros/ }).click()]);
  const log = readFileSync((await download.path())!, 'utf8');
  expect(log.split('\r\n')[0]).toBe('record_id,error');
  for (const id of refused) expect(log).toContain(id);

  // An imported article is on the site, at its slug, with its author.
  const row = prefixed.find((candidate) => !broken.has(candidate.record_id.slice(suffix.length + 1)) && /^[a-z0-9]/.test(candidate['URL Slug']))!;
  await page.goto(`/article/${row['URL Slug']}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.titulo.trim());
});
