// The HTML document around a rendered page: the web build's index.html (its hashed scripts and
// stylesheet, the session hint) with the page's <head> tags, its markup in #root, its state, and
// preloads of its lazy chunk from Vite's manifest, so the browser fetches it alongside the entry.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RenderedPage } from '../../web/src/entry-server';

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

function preloads(shell: Shell, modules: string[]): string {
  const chunks = modules.flatMap((source) => chunksOf(shell.manifest, source));
  const already = (file: string) => shell.html.includes(`/${file}"`);
  const scripts = [...new Set(chunks.map((chunk) => chunk.file))].filter((file) => !already(file));
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((file) => !already(file));
  return [
    ...styles.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ');
}

/** The full page: the shell's default title and description give way to the page's own. */
export function pageDocument(shell: Shell, page: RenderedPage): string {
  if (!shell.html.includes(ROOT)) throw new Error('index.html has no empty #root');
  // Replacements are functions: a string replacement would read `$&`, `$'`… in the page ("R$") as patterns.
  const head = shell.html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `  ${page.head}\n    ${preloads(shell, page.modules)}\n  </head>`);
  return head.replace(ROOT, () => `<div id="root">${page.html}</div>\n    ${page.state}`);
}
