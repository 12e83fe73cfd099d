// SEO rules for a published article: what a search snippet, a news carousel and a reader need.
// Pure, so the SEO worker (lambdas/articles/seo-worker.ts) and the editor, live as the author types,
// judge with the same rules.
// `error` marks what breaks a result (no image for NewsArticle, a snippet cut short, thin content);
// `warning` marks what weakens it. Thresholds follow common search-engine guidance:
// - title: 30–60 characters shows whole in results; under 20 or over 100 is an error;
// - summary (meta description): 70–160 characters; under 50 or over 300 is an error;
// - slug: at most 75 characters and 10 words;
// - cover image: required (Google requires an image for NewsArticle rich results);
// - headings: a text over 300 words needs at least one section heading (h2); no h1 in the body;
// - images: every image needs alt text;
// - words: under 150 is an error, under 300 a warning;
// - links: empty anchor text is a warning; a text without any link gets a warning.
import type { SeoStatus } from './article-rules';

export interface SeoInput {
  title: string;
  summary: string;
  slug: string;
  content: string;
  cover_image: string;
}

export interface SeoResult {
  validation_status: SeoStatus;
  errors: string[];
  warnings: string[];
}

/**
 * Visible text of well-formed HTML (the server's sanitized HTML, the editor's own): tags out, block
 * boundaries kept as spaces so words on either side stay apart. Attribute values never hold '<' or '>'
 * there (both serializers escape them), so dropping tags by pattern is exact.
 */
export function seoText(html: string): string {
  return html
    .replace(/<\/(?:p|h[1-6]|li|blockquote|div|td|th|figcaption)>|<br\s*\/?>/gi, '$& ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function validateSeo(article: SeoInput): SeoResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const title = article.title.trim().length;
  const summary = article.summary.trim().length;
  const words = seoText(article.content).split(' ').filter(Boolean).length;

  if (title < 20 || title > 100) errors.push(`Título com ${title} caracteres: use entre 30 e 60 para aparecer inteiro nas buscas.`);
  else if (title < 30 || title > 60) warnings.push(`Título com ${title} caracteres: o ideal é entre 30 e 60.`);

  if (summary < 50 || summary > 300) errors.push(`Resumo com ${summary} caracteres: use entre 70 e 160 para a descrição nas buscas.`);
  else if (summary < 70 || summary > 160) warnings.push(`Resumo com ${summary} caracteres: o ideal é entre 70 e 160.`);

  const slugWords = article.slug.split('-').filter(Boolean).length;
  if (article.slug.length > 75 || slugWords > 10) warnings.push('Slug longo: prefira até 75 caracteres e 10 palavras.');

  if (!article.cover_image) errors.push('Sem imagem de capa: buscadores exigem uma imagem para notícias.');

  if (/<h1[\s>]/i.test(article.content)) warnings.push('O texto usa título de nível 1; use nível 2 para as seções.');
  if (words > 300 && !/<h2[\s>]/i.test(article.content)) warnings.push('Texto longo sem subtítulos (nível 2).');

  const images = [...article.content.matchAll(/<img\b[^>]*>/gi)].map((match) => match[0]);
  const withoutAlt = images.filter((tag) => !/\balt="[^"]*\S[^"]*"/i.test(tag)).length;
  if (withoutAlt) warnings.push(`${withoutAlt} imagem(ns) sem texto alternativo.`);

  if (words < 150) errors.push(`Texto com ${words} palavras: escreva pelo menos 300.`);
  else if (words < 300) warnings.push(`Texto com ${words} palavras: o ideal é pelo menos 300.`);

  const links = [...article.content.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/gi)];
  const emptyLinks = links.filter((match) => !(match[1] ?? '').replace(/<[^>]+>/g, '').trim()).length;
  if (emptyLinks) warnings.push(`${emptyLinks} link(s) sem texto.`);
  if (!links.length) warnings.push('Nenhum link no texto: cite fontes e matérias relacionadas.');

  const validation_status: SeoStatus = errors.length ? 'error' : warnings.length ? 'warning' : 'valid';
  return { validation_status, errors, warnings };
}
