// One build of one search index with Pagefind (its Rust indexer runs as a child process, from the npm
// package's prebuilt binary): the published articles of that index (the recent one, or an archive
// year) as articleDocument makes them, in, and the index's files under its own folder out, ready for
// the site bucket. Nothing but the files the browser's search loads is kept.
import * as pagefind from 'pagefind';
import { SEARCH_INDEX_PREFIX, SEARCH_RECENT_INDEX } from '../../shared/search';
import type { SiteObject } from '../platform/site-bucket';
import type { IndexedArticle } from './documents';

/** Read first by every search, with ?ts= to get past caches: a minute at most, so a rebuild shows within one. */
export const ENTRY_FILE = 'pagefind-entry.json';
/**
 * Fragments (a result's text and metadata, one download per result shown) are bundled into this many
 * files at most: one file per article would be 50,000 PUTs a rebuild for a large archive.
 */
export const MAX_FRAGMENTS = 5000;
/** Articles handed to the indexer at once (each is one message to its process). */
const PARALLEL_ADDS = 64;

export const INDEX_CACHE = {
  // Named by their content's hash: never change.
  hashed: 'public, max-age=31536000, immutable',
  // The search script, its worker and its WebAssembly: change only with Pagefind's version.
  runtime: 'public, max-age=3600',
  entry: 'public, max-age=60',
} as const;

/** The browser's search needs these; the rest of the bundle (Pagefind's own UIs, the playground) is left out. */
function kept(path: string): Pick<SiteObject, 'contentType' | 'cacheControl'> | undefined {
  if (path === ENTRY_FILE) return { contentType: 'application/json', cacheControl: INDEX_CACHE.entry };
  if (path === 'pagefind.js' || path === 'pagefind-worker.js') return { contentType: 'text/javascript; charset=utf-8', cacheControl: INDEX_CACHE.runtime };
  if (/^wasm\.[a-z-]+\.pagefind$/.test(path)) return { contentType: 'application/octet-stream', cacheControl: INDEX_CACHE.runtime };
  // (Above maxFragments articles, fragments come bundled as fragment/pt_group_<hash>.pf_fragment.)
  if (/^pagefind\.[a-z-]+_[0-9a-f]+\.pf_meta$/.test(path) || /^(index|fragment|filter)\/[a-z_-]+_[0-9a-f]+\.pf_[a-z]+$/.test(path)) {
    return { contentType: 'application/octet-stream', cacheControl: INDEX_CACHE.hashed };
  }
  return undefined;
}

export interface BuildOptions {
  /** The index's folder under the prefix: 'recente' (the default) or an archive year's. */
  name?: string;
  maxFragments?: number;
}

export interface BuiltIndex {
  name: string;
  /** The entry file last: the others must be in place before it names them. */
  files: SiteObject[];
  pages: number;
  bytes: number;
}

function failed(what: string, errors: string[]): never {
  throw new Error(`Pagefind ${what} failed: ${errors.join('; ')}`);
}

/** Builds under way in this process: the indexer's process is shared, and closed after the last. */
let active = 0;

export async function buildIndex(documents: readonly IndexedArticle[], { name = SEARCH_RECENT_INDEX, maxFragments = MAX_FRAGMENTS }: BuildOptions = {}): Promise<BuiltIndex> {
  active += 1;
  try {
    return await build(documents, name, maxFragments);
  } finally {
    active -= 1;
    // The indexer's process would otherwise outlive the build (and keep a test or a script alive).
    if (!active) await pagefind.close();
  }
}

async function build(documents: readonly IndexedArticle[], name: string, maxFragments: number): Promise<BuiltIndex> {
  const created = await pagefind.createIndex({ forceLanguage: 'pt', maxFragments });
  if (!created.index) failed('createIndex', created.errors);
  const index = created.index;
  try {
    for (let start = 0; start < documents.length; start += PARALLEL_ADDS) {
      const added = await Promise.all(documents.slice(start, start + PARALLEL_ADDS).map((doc) => index.addHTMLFile({ url: doc.url, content: doc.html })));
      const errors = added.flatMap((result) => result.errors);
      if (errors.length) failed('addHTMLFile', errors);
    }
    const { files, errors } = await index.getFiles();
    if (errors.length) failed('getFiles', errors);
    const objects = files.flatMap((file) => {
      const settings = kept(file.path);
      return settings ? [{ key: `${SEARCH_INDEX_PREFIX}${name}/${file.path}`, body: file.content, ...settings }] : [];
    });
    objects.sort((a, b) => Number(a.key.endsWith(ENTRY_FILE)) - Number(b.key.endsWith(ENTRY_FILE)));
    return { name, files: objects, pages: documents.length, bytes: objects.reduce((sum, object) => sum + object.body.length, 0) };
  } finally {
    await index.deleteIndex();
  }
}
