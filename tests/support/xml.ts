// Checks of the generated sitemaps with real tools: xmllint (Debian's libxml2-utils) validates them
// against the schemas (the sitemap package's sitemap.xsd; the index and Google News schemas beside
// this file), and the sitemap package's own parsers read them back.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseSitemap, parseSitemapIndex } from 'sitemap';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));

const SCHEMAS = {
  urlset: path.join(path.dirname(require.resolve('sitemap/package.json')), 'schema/sitemap.xsd'),
  index: path.join(HERE, 'schemas/siteindex.xsd'),
  news: path.join(HERE, 'schemas/news-sitemap.xsd'),
} as const;

export type SitemapKind = keyof typeof SCHEMAS;

/** xmllint's complaints about `xml` against the schema of its kind; none when it is valid. */
export function schemaErrors(xml: string, kind: SitemapKind): string {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', SCHEMAS[kind], '-'], { input: xml, encoding: 'utf8' });
  if (result.error) throw new Error(`xmllint não encontrado (apt-get install -y libxml2-utils): ${result.error.message}`);
  return result.status === 0 ? '' : result.stderr || `xmllint saiu com ${result.status}`;
}

/** The URLs of a `<urlset>`, with their lastmod and news tags. */
export const sitemapUrls = (xml: string) => parseSitemap(Readable.from([xml]));

/** The sitemaps an index names. */
export const indexedSitemaps = (xml: string) => parseSitemapIndex(Readable.from([xml]));
