// The JavaScript budget of an anonymous article page, measured for real: the page opened in Chromium,
// its islands mounted, every same-origin script it downloaded (and its inline boot script) summed by
// gzip size. Third-party tags are outside the budget (they need consent, refused or not yet asked here).
// Each island's own budget is held on the build output by tests/build/script-budget.test.ts.
import { randomUUID } from 'node:crypto';
import { ISLANDS_READY_ATTRIBUTE } from '../../shared/boot-script';
import { kB, PAGE_SCRIPT_BUDGET_BYTES, watchScripts } from '../support/script-budget';
import { expect, test } from './fixtures';
import { person, publishedArticle } from './publishing';

test.describe('the JavaScript of an anonymous article page', () => {
  const suffix = randomUUID().slice(0, 6);
  let path = '';

  test.beforeAll(async () => {
    const author = await person('autorkb', 'Bia Autora', ['author']);
    const editor = await person('editorkb', 'Caio Editor', ['editor']);
    const article = await publishedArticle(author, editor, {
      title: `Mutirão limpa a orla de Maceió ${suffix}`,
      slug: `mutirao-orla-maceio-${suffix}`,
      summary: 'Voluntários recolheram duas toneladas de lixo em uma manhã.',
      content: '<p>O mutirão começou às sete horas na praia de Pajuçara.</p>',
      city_code: '2704302',
      tags: ['meio-ambiente'],
    });
    path = `/${article.location_path}/${article.slug}`;
  });

  for (const consentDecided of [false, true]) {
    test.describe(consentDecided ? 'a reader who refused the tags' : 'a first visit, consent not yet answered', () => {
      test.use({ consentDecided });

      test(`stays within ${kB(PAGE_SCRIPT_BUDGET_BYTES)} gzip and never loads the app`, async ({ page, baseURL }) => {
        const scripts = watchScripts(page, baseURL!);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: /Mutirão limpa a orla de Maceió/ })).toBeVisible();
        // Every island mounted, and whatever they fetch once mounted has arrived: all that runs before a tap.
        await expect(page.locator('html')).toHaveAttribute(ISLANDS_READY_ATTRIBUTE, '');
        await page.waitForLoadState('networkidle');
        const measured = await scripts.collect();

        expect(measured.app_entry, 'the page names the app entry a reader with a session would load').toMatch(/\.js$/);
        expect(measured.app_entry_requested, `the app entry ${measured.app_entry} was downloaded`).toBe(false);
        expect(measured.files.length, 'the islands entry was downloaded').toBeGreaterThan(0);
        const detail = [...measured.files.map((file) => `${file.file} ${kB(file.gzip_bytes)}`), `inline ${kB(measured.inline.gzip_bytes)}`].join(', ');
        expect(measured.gzip_bytes, `${kB(measured.gzip_bytes)} gzip: ${detail}`).toBeLessThanOrEqual(PAGE_SCRIPT_BUDGET_BYTES);
      });
    });
  }
});
