// The JavaScript budgets of the public pages (issue "Readers' pages without the app"): any single island
// ≤ 8 kB gzip, all the JavaScript an anonymous article page runs before any interaction ≤ 20 kB gzip.
// Sizes are counted as `npm run build` prints them (zlib's default gzip level, kB of 1,000 bytes), so a
// figure here matches the build's output. Shared by the build-output test (tests/build), the e2e spec
// that loads a real page (tests/e2e) and `npm run bench`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ENTRY_ATTRIBUTE } from '../../shared/boot-script';

export const ISLAND_BUDGET_BYTES = 8_000;
export const PAGE_SCRIPT_BUDGET_BYTES = 20_000;

/** The manifest's key of the islands' entry (lambdas/pages/document.ts names the same one). */
export const ISLANDS_ENTRY = 'src/islands/boot.ts';
/** An island module's manifest key and source path under web/. */
export const ISLAND_SOURCE = /^src\/islands\/([^/]+)\.island\.ts$/;

export const gzipBytes = (data: Buffer | string) => gzipSync(data).length;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

// The build output: web/dist and Vite's manifest.

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} does not exist: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** A chunk and every chunk it imports statically (what the browser fetches before it runs), as manifest keys. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`the manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export interface ChunkSize {
  file: string;
  gzip_bytes: number;
}

export interface IslandSize {
  name: string;
  source: string;
  /** The island's chunk, then the chunks it imports that the islands' entry does not already load. */
  files: ChunkSize[];
  gzip_bytes: number;
  /** With the chunks it imports later (import()), on first use, beyond those and the entry's: what a reader who uses it fetches in all. */
  with_lazy_gzip_bytes: number;
}

/**
 * What each island costs on top of the islands' entry: its own chunk plus the chunks it imports that
 * the entry's static imports do not already bring. A chunk two islands share counts in each, as each
 * must fit alone.
 */
export function islandSizes(dist: string) {
  const manifest = readManifest(dist);
  const size = (key: string): ChunkSize => ({ file: manifest[key]!.file, gzip_bytes: gzipBytes(readFileSync(path.join(dist, manifest[key]!.file))) });
  const entryKeys = staticClosure(manifest, ISLANDS_ENTRY);
  const entryFiles = [...entryKeys].map(size);
  const islands: IslandSize[] = Object.entries(manifest)
    .filter(([key]) => ISLAND_SOURCE.test(key))
    .map(([key]) => {
      const own = staticClosure(manifest, key);
      const files = [...own].filter((each) => !entryKeys.has(each)).map(size);
      const lazy = new Set<string>();
      for (const each of own) for (const later of manifest[each]!.dynamicImports ?? []) staticClosure(manifest, later, lazy);
      const lazyBytes = [...lazy].filter((each) => !own.has(each) && !entryKeys.has(each)).reduce((total, each) => total + size(each).gzip_bytes, 0);
      const gzip = files.reduce((total, file) => total + file.gzip_bytes, 0);
      return { name: ISLAND_SOURCE.exec(key)![1]!, source: `web/${key}`, files, gzip_bytes: gzip, with_lazy_gzip_bytes: gzip + lazyBytes };
    })
    .sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  return {
    entry: { source: `web/${ISLANDS_ENTRY}`, files: entryFiles, gzip_bytes: entryFiles.reduce((total, file) => total + file.gzip_bytes, 0) },
    /** Largest first. */
    islands,
  };
}

// A page in the browser: the scripts it downloaded and the inline ones it ran.

export interface PageScripts {
  /** Same-origin script files, each once, gzip of the body as served (decoded). */
  files: (ChunkSize & { raw_bytes: number })[];
  /** Inline classic and module scripts of the document (the boot script); JSON and JSON-LD data are not code. */
  inline: { count: number; gzip_bytes: number };
  /** Files plus inline scripts: the figure held to the page budget. */
  gzip_bytes: number;
  /** Scripts from other origins (ad and analytics tags, outside the budget: they need consent). */
  third_party: string[];
  /** The React application's entry the document names (data-entry), and whether it was requested. */
  app_entry: string | null;
  app_entry_requested: boolean;
}

/**
 * Starts listening before the page is opened; `collect()` (once the page is ready and the network
 * idle) sums what arrived. A modulepreload is counted like a script: the browser downloads it to run it.
 */
export function watchScripts(page: Page, origin: string) {
  const requested = new Set<string>();
  const bodies = new Map<string, Promise<{ raw: number; gzip: number } | undefined>>();
  const thirdParty = new Set<string>();
  const isScript = (url: URL, resourceType: string) => resourceType === 'script' || /\.m?js$/.test(url.pathname);
  page.on('request', (request) => requested.add(request.url().split('#')[0]!));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/^https?:$/.test(url.protocol) || !isScript(url, response.request().resourceType())) return;
    if (url.origin !== new URL(origin).origin) {
      thirdParty.add(url.href);
      return;
    }
    if (bodies.has(url.href) || response.status() < 200 || response.status() >= 300) return;
    bodies.set(
      url.href,
      response.body().then(
        (body) => ({ raw: body.length, gzip: gzipBytes(body) }),
        () => undefined,
      ),
    );
  });
  return {
    async collect(): Promise<PageScripts> {
      const files = (await Promise.all([...bodies].map(async ([url, body]) => ({ url, size: await body }))))
        .filter((each) => each.size)
        .map(({ url, size }) => ({ file: new URL(url).pathname, raw_bytes: size!.raw, gzip_bytes: size!.gzip }));
      const { inline, entry } = await page.evaluate((entryAttribute) => {
        const code = [...document.querySelectorAll('script:not([src])')].filter((script) => ['', 'text/javascript', 'module'].includes((script.getAttribute('type') ?? '').toLowerCase()));
        return { inline: code.map((script) => script.textContent ?? ''), entry: document.documentElement.getAttribute(entryAttribute) };
      }, ENTRY_ATTRIBUTE);
      const inlineGzip = inline.reduce((total, text) => total + gzipBytes(text), 0);
      const entryUrl = entry ? new URL(entry, page.url()).href : undefined;
      return {
        files,
        inline: { count: inline.length, gzip_bytes: inlineGzip },
        gzip_bytes: files.reduce((total, file) => total + file.gzip_bytes, 0) + inlineGzip,
        third_party: [...thirdParty],
        app_entry: entry,
        app_entry_requested: entryUrl !== undefined && requested.has(entryUrl),
      };
    },
  };
}
