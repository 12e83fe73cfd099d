// Searches a Pagefind index in Node as the browser does: the index's own pagefind.js (as served),
// fetching its files over HTTP. Each call loads a fresh copy of the script, so it reads the index as
// it is now (a loaded one keeps the entry it started with).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

export interface ResultData {
  url: string;
  content: string;
  excerpt: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  locations: number[];
}
export interface SearchResponse {
  results: { id: string; score: number; data(): Promise<ResultData> }[];
  filters: Record<string, Record<string, number>>;
}
export interface Pagefind {
  search(query: string | null, options?: { filters?: Record<string, unknown>; sort?: Record<string, 'asc' | 'desc'> }): Promise<SearchResponse>;
  filters(): Promise<Record<string, Record<string, number>>>;
  destroy(): Promise<void>;
}

/** What a search of an index with no language in it finds (a portal with no published article). */
const NOTHING: Pagefind = { search: async () => ({ results: [], filters: {} }), filters: async () => ({}), destroy: async () => {} };

/** The search of the index served at `${origin}/pagefind/${index}/` (the recent one by default), with `merged` indexes merged in. */
export async function pagefindAt(origin: string, index = 'recente', merged: string[] = []): Promise<Pagefind> {
  const base = `${origin}/pagefind/${index}/`;
  // Pagefind starts loading as soon as it is created and leaves an empty index's error unhandled.
  const entry = (await (await fetch(`${base}pagefind-entry.json`)).json()) as { languages: Record<string, unknown> };
  if (!Object.keys(entry.languages).length) return NOTHING;
  const response = await fetch(`${base}pagefind.js`);
  if (!response.ok) throw new Error(`pagefind.js: HTTP ${response.status}`);
  const file = join(tmpdir(), `pagefind-${randomUUID()}.mjs`);
  writeFileSync(file, await response.text());
  const pagefind = (await import(pathToFileURL(file).href)) as Pagefind & { options(options: object): Promise<void> };
  // Results keep their site paths, as on the site (baseUrl '/').
  await pagefind.options({ basePath: base, baseUrl: '/' });
  for (const name of merged) await (pagefind as unknown as { mergeIndex(path: string, options: object): Promise<void> }).mergeIndex(`${origin}/pagefind/${name}/`, { baseUrl: '/' });
  return pagefind;
}

/** The site's search as the page starts it (pagefind/indices.json): the recent index with the current month's merged. */
export async function sitePagefind(origin: string): Promise<Pagefind> {
  const list = (await (await fetch(`${origin}/pagefind/indices.json`)).json()) as { recent: { name: string; pages: number }; month?: { name: string; pages: number } };
  const parts = [list.recent, list.month].filter((index) => index && index.pages > 0).map((index) => index!.name);
  return parts.length ? pagefindAt(origin, parts[0], parts.slice(1)) : NOTHING;
}

/** Each result's data, in order. */
export async function searchData(pagefind: Pagefind, query: string | null, options?: Parameters<Pagefind['search']>[1]): Promise<ResultData[]> {
  const { results } = await pagefind.search(query, options);
  return Promise.all(results.map((result) => result.data()));
}

/** Serves built files (key → bytes, keys under pagefind/) on a loopback port. */
export async function serveFiles(files: Map<string, Uint8Array>): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const body = files.get(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.slice(1)));
    response.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A Pagefind file's bytes as stored inside (its files are gzip-compressed), to search them for a text. */
export function decompressed(bytes: Uint8Array): string {
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch {
    return Buffer.from(bytes).toString('utf8');
  }
}
