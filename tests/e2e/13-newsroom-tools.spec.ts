// The newsroom's tools between people, in the browser under the production CSP: an editor's review
// from the edit page (newest first, the article's status untouched) reaches the author live on
// another page; the author and an editor on the same article see each other's internal comments,
// and a removal, without a reload; the Monitor IA shows a failed analysis and reprocesses a pending
// one. Each test makes its own people and articles.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from '@playwright/test';
import { loadConfig } from '../../infra/local/config';
import { expect, expectSignedIn, header, signedIn, test, toast } from './fixtures';
import { api, person, type Staff } from './publishing';

const suffix = () => randomUUID().slice(0, 6);

const bell = (page: Page) => header(page).getByRole('button', { name: /^Notificações/ });

/** An article written by the author through the API, left in `status` (draft, or sent to review). */
async function authorsArticle(author: Staff, title: string, content: string, status: 'draft' | 'review' = 'draft') {
  const created = await api().request('POST', '/api/articles', {
    token: author.token,
    body: { title, slug: `e2e-redacao-${suffix()}`, summary: 'Resumo da matéria para o teste da redação.', content: `<p>${content}</p>`, tags: [] },
  });
  expect(created.status, created.text).toBe(201);
  let article = created.body as unknown as { id: string; version: number; status: string; title: string; slug: string };
  if (status === 'review') {
    const sent = await api().request('PUT', `/api/articles/${article.id}`, { token: author.token, body: { status: 'review', base_version: article.version } });
    expect(sent.status, sent.text).toBe(200);
    article = sent.body as unknown as typeof article;
  }
  return article;
}

/** Watches a page's console for Content-Security-Policy violations, as the fixture does for `page`. */
function watchCsp(page: Page): () => void {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return () => expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
}

/** A second browser (its own context), signed in as `who` and left on the home page. */
async function secondBrowser(browser: Browser, who: Staff) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const checkCsp = watchCsp(page);
  await signedIn(page, who);
  await expectSignedIn(page);
  return {
    page,
    done: async () => {
      checkCsp();
      await context.close();
    },
  };
}

/** The articles whose channel the page's live socket joined (the server's 'subscribed' answers). */
function followedArticles(page: Page): Set<string> {
  const followed = new Set<string>();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { type?: string; article_id?: string };
        if (message.type === 'subscribed' && message.article_id) followed.add(message.article_id);
      } catch {
        // Not JSON: not ours.
      }
    }),
  );
  return followed;
}

/** Opens the article's edit page (signed in as `who` first, when given) and waits until its live socket follows the article. */
async function openEditor(page: Page, articleId: string, who?: Staff) {
  const followed = followedArticles(page);
  if (who) await signedIn(page, who, `/article/${articleId}/edit`);
  else await page.goto(`/article/${articleId}/edit`);
  await expect(page.getByRole('heading', { name: 'Editar artigo' })).toBeVisible();
  await expect.poll(() => followed.has(articleId), { message: 'the live socket follows the article' }).toBe(true);
}

/**
 * Lambda modules run in this process against the runtime's table, as tests/integration does
 * (tests/support/in-process-handlers.ts): the environment is set before the first import.
 */
async function inProcess() {
  Object.assign(process.env, {
    TABLE_NAME: loadConfig([], {}).tableName,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${process.env.E2E_DYNAMODB_PORT}`,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_SERVICE_NAME: 'portal-test',
    POWERTOOLS_METRICS_NAMESPACE: 'PortalPlural',
    POWERTOOLS_METRICS_DISABLED: 'true',
    // The failures caused here on purpose are logged as warnings: not on the test output.
    LOG_LEVEL: 'SILENT',
  });
  const [engine, items, store, runner, connections, clients, dynamo, live] = await Promise.all([
    import('../../lambdas/analysis/engine'),
    import('../../lambdas/analysis/items'),
    import('../../lambdas/analysis/log-store'),
    import('../../lambdas/analysis/runner'),
    import('../../lambdas/live/connections'),
    import('../../lambdas/platform/clients'),
    import('../../lambdas/platform/dynamo'),
    import('../../shared/live'),
  ]);
  return { engine, items, store, runner, connections, clients, dynamo, live };
}

test('an editor reviews an article from its edit page; the author is told live, and the status stays', async ({ page, browser }) => {
  const id = suffix();
  const [author, editor, otherEditor] = await Promise.all([
    person(`autora-review-${id}`, 'Rita Revisada', ['author']),
    person(`editor-review-${id}`, 'Vera Revisora', ['editor']),
    person(`editor2-review-${id}`, 'Caio Primeiro', ['editor']),
  ]);
  const title = `Câmara aprova novo plano de mobilidade urbana ${id}`;
  const article = await authorsArticle(author, title, 'O plano prevê corredores de ônibus e ciclovias ligando os bairros ao centro. '.repeat(3), 'review');

  // An earlier review by another editor, already among the author's notifications.
  const earlier = await api().request('POST', `/api/articles/${article.id}/reviews`, {
    token: otherEditor.token,
    body: { status: 'approved', comment: 'Texto bom, pode seguir.' },
  });
  expect(earlier.status, earlier.text).toBe(201);
  await expect
    .poll(async () => ((await api().request('GET', '/api/notifications', { token: author.token })).body as { unread_count?: number }).unread_count)
    .toBe(1);

  // The author is on the home page, not on the article: their socket follows their own channel.
  const authorTab = await secondBrowser(browser, author);
  await expect(bell(authorTab.page)).toHaveAccessibleName('Notificações: 1 não lida');
  const { connections, live } = await inProcess();
  await expect
    .poll(async () => (await connections.membersOf(live.userChannel(author.id))).length, { message: "the author's live connection is open" })
    .toBeGreaterThan(0);

  // The editor opens the article from the review queue and reviews it.
  await signedIn(page, editor, '/dashboard');
  await page.getByRole('region', { name: 'Aguardando revisão' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/article/${article.id}/edit$`));
  const panel = page.getByRole('region', { name: 'Revisão editorial' });
  const reviews = panel.getByRole('list', { name: 'Reviews do artigo' });
  await expect(reviews.getByRole('listitem')).toHaveCount(1);
  const send = panel.getByRole('button', { name: 'Enviar review' });
  await expect(send).toBeDisabled();
  await panel.getByLabel('Status da review').click();
  await page.getByRole('option', { name: 'Alterações solicitadas' }).click();
  const comment = 'Falta ouvir a associação de ciclistas e conferir o custo total do plano.';
  await panel.getByLabel('Comentário (opcional)').fill(comment);
  await send.click();
  await expect(toast(page, 'Review enviada.')).toBeVisible();
  await expect(panel.getByLabel('Comentário (opcional)')).toHaveValue('');

  // Newest first: the editor's review above the earlier one.
  await expect(reviews.getByRole('listitem')).toHaveCount(2);
  await expect(reviews.getByRole('listitem').first()).toContainText('Vera Revisora');
  await expect(reviews.getByRole('listitem').first()).toContainText('Alterações solicitadas');
  await expect(reviews.getByRole('listitem').first()).toContainText(comment);
  await expect(reviews.getByRole('listitem').nth(1)).toContainText('Caio Primeiro');
  await expect(reviews.getByRole('listitem').nth(1)).toContainText('Aprovado');

  // A review is not a status change: the article is still in review, at the same version.
  const stored = await api().request('GET', `/api/articles/${article.id}`, { token: editor.token });
  expect(stored.body).toMatchObject({ status: 'review', version: article.version });
  await page.reload();
  await expect(page.getByText('Em revisão', { exact: true }).first()).toBeVisible();
  await expect(reviews.getByRole('listitem').first()).toContainText(comment);

  // The author, without a reload: the toast and the bell's count.
  await expect(toast(authorTab.page, 'Nova notificação').filter({ hasText: `Nova review em “${title}”: Alterações solicitadas` })).toBeVisible();
  await expect(bell(authorTab.page)).toHaveAccessibleName('Notificações: 2 não lidas');
  await bell(authorTab.page).click();
  await expect(authorTab.page.getByRole('list', { name: 'Notificações' }).getByRole('listitem').first()).toContainText('Alterações solicitadas');
  await authorTab.done();
});

test("the author and an editor on the same article see each other's internal comments, and a removal, live", async ({ page, browser }) => {
  const id = suffix();
  const [author, editor] = await Promise.all([person(`autora-coment-${id}`, 'Lia Comenta', ['author']), person(`editor-coment-${id}`, 'Davi Responde', ['editor'])]);
  const article = await authorsArticle(author, `Hospital regional amplia leitos de UTI ${id}`, 'O hospital passa a contar com mais vinte leitos de terapia intensiva. '.repeat(3));

  await openEditor(page, article.id, author);
  const editorTab = await secondBrowser(browser, editor);
  await openEditor(editorTab.page, article.id);

  const listOf = (tab: Page) => tab.getByRole('region', { name: 'Comentários internos' }).getByRole('list', { name: 'Comentários internos do artigo' });
  const write = async (tab: Page, text: string) => {
    const panel = tab.getByRole('region', { name: 'Comentários internos' });
    await panel.getByLabel('Novo comentário').fill(text);
    await panel.getByRole('button', { name: 'Adicionar comentário' }).click();
    await expect(panel.getByLabel('Novo comentário')).toHaveValue('');
  };
  const live = { timeout: 5_000 };

  // The author writes: the editor sees it arrive, with the author's name.
  const fromAuthor = 'Subi a versão com os números da secretaria de saúde.';
  await write(page, fromAuthor);
  await expect(listOf(page).getByRole('listitem').filter({ hasText: fromAuthor })).toBeVisible();
  const onEditor = listOf(editorTab.page).getByRole('listitem').filter({ hasText: fromAuthor });
  await expect(onEditor).toBeVisible(live);
  await expect(onEditor).toContainText('Lia Comenta');

  // The editor answers: the author sees it above their own.
  const fromEditor = 'Obrigado. Confirme também a data de inauguração dos leitos.';
  await write(editorTab.page, fromEditor);
  const onAuthor = listOf(page).getByRole('listitem').filter({ hasText: fromEditor });
  await expect(onAuthor).toBeVisible(live);
  await expect(onAuthor).toContainText('Davi Responde');
  await expect(listOf(page).getByRole('listitem').first()).toContainText(fromEditor);
  await expect(listOf(editorTab.page).getByRole('listitem')).toHaveCount(2);

  // The author removes their comment: it goes from the editor's page too.
  await listOf(page).getByRole('listitem').filter({ hasText: fromAuthor }).getByRole('button', { name: 'Remover comentário' }).click();
  await page.getByRole('dialog', { name: 'Remover comentário' }).getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Comentário removido.')).toBeVisible();
  await expect(listOf(page).getByRole('listitem').filter({ hasText: fromAuthor })).toHaveCount(0);
  await expect(listOf(editorTab.page).getByRole('listitem').filter({ hasText: fromAuthor })).toHaveCount(0, live);
  await expect(listOf(editorTab.page).getByRole('listitem')).toHaveCount(1);
  await editorTab.done();
});

test('the Monitor IA shows a failed analysis, and reprocesses a pending one', async ({ page }) => {
  const id = suffix();
  const [author, editor] = await Promise.all([person(`autora-monitor-${id}`, 'Olga Monitorada', ['author']), person(`editor-monitor-${id}`, 'Ivo Monitor', ['editor'])]);
  const failing = await authorsArticle(author, `Defesa Civil alerta para chuvas fortes em Sorocaba ${id}`, 'A Defesa Civil de Sorocaba alertou para chuvas fortes no fim de semana. '.repeat(3));
  const pending = await authorsArticle(author, `Biblioteca pública de Jundiaí abre aos domingos ${id}`, 'A biblioteca pública de Jundiaí passa a abrir aos domingos a partir de março. '.repeat(3));

  // How the failure is produced: the offline analyzer does not fail on any text, and the runtime runs
  // in its own process, so nothing a browser or the API sends makes it fail. As
  // tests/integration/analysis-workers.test.ts does, the runner (lambdas/analysis/runner.ts: the
  // reprocess worker's own code and store functions) runs here against the runtime's table with a
  // failing analyzer injected (useAnalyzer). Each entry is opened quietly (written done, then made
  // pending: no AnalysisRequested, so the runtime's worker does not run it first). The first entry
  // fails its five attempts (1, 2, 4 and 8 minutes apart, ending a minute ago): failed. The second
  // fails once and waits, due now: the monitor's button runs it with the runtime's real analyzer.
  const { engine, items, store, runner, clients, dynamo } = await inProcess();
  const quietEntry = async (article: typeof failing, at: Date) => {
    const entry = items.newLogRecord({ id: randomUUID(), reason: 'analysis_failed', article: { ...article, author_id: author.id, location_path: null }, now: at.toISOString() });
    for (const item of [items.logEntity.toItem({ ...entry, status: 'success' }), items.logEntity.toItem(entry)]) {
      await clients.ddb().send(new PutCommand({ TableName: dynamo.tableName(), Item: item }));
    }
    return entry;
  };
  const reason = 'Serviço de análise indisponível';
  engine.useAnalyzer({ name: 'comprehend', analyze: () => Promise.reject(new Error(reason)) });
  try {
    let at = new Date(Date.now() - 16 * 60_000);
    let entry = await quietEntry(failing, at);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await runner.runEntry(entry, at)).toBe(attempt < 5 ? 'retry' : 'failed');
      entry = (await store.getEntry(entry.id))!;
      if (entry.next_attempt_at) at = new Date(entry.next_attempt_at);
    }
    expect(entry).toMatchObject({ status: 'failed', attempt: 5, error: reason });

    const waitingSince = new Date(Date.now() - 60_000);
    const waiting = await quietEntry(pending, waitingSince);
    expect(await runner.runEntry(waiting, waitingSince)).toBe('retry');
    expect(await store.getEntry(waiting.id)).toMatchObject({ status: 'pending', attempt: 1, error: reason });
  } finally {
    engine.useAnalyzer(undefined);
  }

  await signedIn(page, editor, '/monitor');
  await expect(page.getByRole('tab', { name: 'Monitor IA' })).toHaveAttribute('aria-selected', 'true');
  const failures = page.getByRole('region', { name: 'Falhas recentes' });
  const failed = failures.getByRole('listitem').filter({ has: page.getByRole('link', { name: failing.title }) });
  await expect(failed).toContainText('Falhou');
  await expect(failed).toContainText('tentativa 5');
  await expect(failed).toContainText(reason);
  await expect(page.getByTestId('ai-pending')).not.toHaveText('0');

  await page.getByRole('button', { name: 'Reprocessar pendentes' }).click();
  await expect(toast(page, 'Reprocessamento concluído: 1 artigo(s) foram reprocessados com sucesso.')).toBeVisible();
  const succeeded = page.getByRole('region', { name: 'Sucessos recentes' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: pending.title }) });
  await expect(succeeded).toContainText('Sucesso');
  await expect(succeeded).toContainText('tentativa 2');
  // The failure stays listed.
  await expect(failed).toBeVisible();
});
