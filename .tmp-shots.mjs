import { chromium } from 'playwright-core';
const base = process.env.BASE;
const out = '/tmp/readers';
const only = process.env.ONLY ?? 'all';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

async function session(width, email) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  // Decline the consent banner so it does not cover the screens.
  if (email) {
    await page.goto(`${base}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha').fill('Portal123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${base}/`);
  } else {
    await page.goto(`${base}/`);
  }
  const reject = page.getByRole('button', { name: 'Rejeitar' });
  if (await reject.isVisible().catch(() => false)) await reject.click();
  return { context, page };
}

async function shot(page, name) {
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: false });
  console.log('shot', name);
}

if (only === 'all' || only === 'header') {
  for (const width of [1366, 1280, 390]) {
    const { context, page } = await session(width, 'master@portal.local');
    await page.waitForSelector('.site-header button[aria-label="Abrir menu"], .site-header >> text=Sair', { state: 'attached' }); await page.waitForTimeout(1500);
    await shot(page, `header-master-${width}`);
    const box = await page.locator('.site-header').boundingBox();
    console.log('header height', width, box?.height);
    if (width === 390) {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await shot(page, `menu-master-390`);
    }
    await context.close();
  }
  for (const width of [1280, 390]) {
    const { context, page } = await session(width, 'leitor@portal.local');
    await page.waitForSelector('.site-header button[aria-label="Abrir menu"], .site-header >> text=Sair', { state: 'attached' }); await page.waitForTimeout(1500);
    await shot(page, `home-reader-${width}`);
    await page.screenshot({ path: `${out}/home-reader-full-${width}.png`, fullPage: true });
    if (width === 390) {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await shot(page, `menu-reader-390`);
    }
    await context.close();
  }
}
if (only === 'all' || only === 'misc') {
  for (const width of [1280, 390]) {
    const { context, page } = await session(width);
    await page.goto(`${base}/auth`);
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await shot(page, `signup-${width}`);
    const response = await page.goto(`${base}/a/b/c`);
    console.log('status /a/b/c', response?.status());
    await shot(page, `notfound-${width}`);
    await context.close();
  }
}
if (only === 'all' || only === 'pay') {
  const runs = process.env.RUNS === 'boleto' ? [['editor@portal.local', 'Boleto']] : [['leitor@portal.local', 'PIX'], ['editor@portal.local', 'Boleto']];
  for (const [email, method] of runs) {
    for (const width of [390, 1280]) {
      const { context, page } = await session(width, email);
      if (width === 390) {
        await page.goto(`${base}/pricing`);
        await page.getByRole('tab', { name: /PIX, boleto/ }).click();
        await page.getByText(method === 'PIX' ? 'PIX' : 'Boleto bancário', { exact: true }).click();
        await page.getByRole('button', { name: `Assinar com ${method === 'PIX' ? 'PIX' : 'boleto'}` }).click();
        await page.waitForURL(/checkout\/v1\/redirect/);
        await page.getByRole('button', { name: method === 'PIX' ? 'Gerar código PIX' : 'Gerar boleto' }).click();
        await page.waitForURL(/subscription-success/);
        await page.getByRole('heading', { name: /Pague o/ }).waitFor({ timeout: 30000 });
        await shot(page, `success-${method}-${width}`);
        await page.screenshot({ path: `${out}/success-${method}-full-${width}.png`, fullPage: true });
      }
      await page.goto(`${base}/settings`);
      await page.getByText('Aguardando pagamento').waitFor({ timeout: 30000 });
      await page.getByText('Aguardando pagamento').scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, -100);
      await shot(page, `settings-${method}-${width}`);
      await context.close();
    }
  }
}
await browser.close();
