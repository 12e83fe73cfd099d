// The HTML document around a rendered page: the web build's index.html (its hashed stylesheet, the
// boot script) with the page's <head> tags, its markup in #root and its state. The boot script finds
// the islands' entry (web/src/islands) named on <html>, and, on a page that needs the app for a
// signed-in reader, the app's entry and the page's lazy chunk (from Vite's manifest).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ATTRIBUTE, ENTRY_ATTRIBUTE, ISLANDS_ATTRIBUTE, MODULES_ATTRIBUTE } from '../../shared/boot-script';
import type { RenderedPage } from '../../web/src/entry-server';
import { CONSENT_BANNER_HTML } from '../../web/src/islands/lib/consent-banner-markup';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Shell {
  html: string;
  manifest: Manifest;
}

const ROOT = '<div id="root"></div>';

/**
 * Where the web build is: beside the bundled function in AWS (the CDK stack copies index.html and
 * the manifest there), web/dist in the repository locally.
 */
function shellDirectory(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [here, path.resolve(here, '../../web/dist')];
  const found = candidates.find((directory) => existsSync(path.join(directory, 'index.html')));
  if (!found) throw new Error('web build not found: run `npm run build`');
  return found;
}

let cached: Shell | undefined;

/** The build's index.html and manifest, read once per container (locally: again after a rebuild). */
export function loadShell(): Shell {
  const directory = shellDirectory();
  const manifestFile = [path.join(directory, 'manifest.json'), path.join(directory, '.vite/manifest.json')].find(existsSync);
  const html = readFileSync(path.join(directory, 'index.html'), 'utf8');
  if (cached?.html === html) return cached;
  cached = { html, manifest: manifestFile ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {} };
  return cached;
}

/** The chunk files (and their stylesheets) a module needs, its static imports included. */
function chunksOf(manifest: Manifest, source: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[source];
  if (!chunk || seen.has(source)) return [];
  seen.add(source);
  return [chunk, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

/** The stylesheets and script chunks of the page's lazy modules that the shell does not already load. */
function pageAssets(shell: Shell, modules: string[]): { styles: string[]; scripts: string[] } {
  const chunks = modules.flatMap((source) => chunksOf(shell.manifest, source));
  const already = (file: string) => shell.html.includes(`/${file}"`);
  return {
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !already(file)),
    scripts: [...new Set(chunks.map((chunk) => chunk.file))].filter((file) => !already(file)).map((file) => `/${file}`),
  };
}

const ENTRY_SCRIPT = /\s*<script type="module"[^>]* src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]* href="([^"]+)"\s*\/?>/g;
// The shell's early fetch of the runtime config serves the app's first API call; on a rendered page
// the app starts after the page has loaded (shared/boot-script.ts) and fetches it then.
const CONFIG_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/config.json"[^>]*>/;

/** The manifest's name of the islands' entry (web/src/islands/boot.ts). */
export const ISLANDS_SOURCE = 'src/islands/boot.ts';

/**
 * The shell's script tags give way to data attributes on <html>: the boot script (shared/boot-script.ts)
 * starts the islands, or the app and the page's chunks, once the page has loaded.
 */
function deferScripts(shell: Shell, pageScripts: string[], app: boolean): string {
  const { html } = shell;
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const islands = shell.manifest[ISLANDS_SOURCE]?.file;
  if (!islands) throw new Error(`the web build has no ${ISLANDS_SOURCE}`);
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const attributes =
    `${ISLANDS_ATTRIBUTE}="/${islands}" ${ENTRY_ATTRIBUTE}="${entry}" ${MODULES_ATTRIBUTE}="${[...modules, ...pageScripts].join(' ')}"` +
    (app ? ` ${APP_ATTRIBUTE}` : '');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(CONFIG_PRELOAD, '')
    .replace('<html ', () => `<html ${attributes} `);
}

/** The full page: the shell's default title and description give way to the page's own. */
export function pageDocument(shell: Shell, page: RenderedPage): string {
  if (!shell.html.includes(ROOT)) throw new Error('index.html has no empty #root');
  // Replacements are functions: a string replacement would read `$&`, `$'`… in the page ("R$") as patterns.
  const { styles, scripts } = pageAssets(shell, page.modules);
  const stylesheets = styles.map((file) => `<link rel="stylesheet" href="/${file}" />`).join('\n    ');
  const head = deferScripts(shell, scripts, Boolean(page.app))
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `  ${page.head}\n    ${stylesheets}\n  </head>`);
  // The consent banner outside #root (React never sees it): shown before the first paint only where
  // the islands run and no choice is stored (shared/boot-script.ts).
  return head.replace(ROOT, () => `<div id="root">${page.html}</div>\n    ${CONSENT_BANNER_HTML}\n    ${page.state}`);
}
