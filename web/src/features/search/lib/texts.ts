// The search page's words and the rules that pick them (status line, empty state, title), shared by
// the React page and the anonymous reader's island (web/src/islands/search.island.ts). Pure: no React.
import { formatNumber, formatUtcMonth } from '../../../../../shared/format';
import { pageTitle } from '../../../lib/page-title';
import type { SearchState } from './params';

export const SEARCH_MESSAGES = {
  error: 'Não foi possível carregar a busca. Tente novamente.',
  description: 'Busque notícias, reportagens e artigos de todo o arquivo do Portal Plural, por cidade, tag e período.',
  prompt: 'Digite o que procura: um assunto, um nome, uma cidade.',
  searching: 'Buscando…',
  pageGone: 'Esta página da busca não existe mais.',
  firstPage: 'Ir para a primeira página',
  clearFilters: 'Limpar filtros',
  retry: 'Tentar novamente',
  nearSpellings: 'Você quis dizer:',
} as const;

/** Said after the count when only the recent index was searched and older years could add more. */
export const RECENT_SCOPE = 'nos últimos 12 meses';

/** The link that adds the archive years to a search: 'Buscar também antes de novembro de 2025'. */
export function archiveLinkText(since: string): string {
  return `Buscar também nas notícias anteriores a ${formatUtcMonth(since)}`;
}

/**
 * The pause after a keystroke before the address (and so the search) follows the input: keys typed
 * in a run make one search, and the index chunks the words need load meanwhile (preloadPagefind).
 */
export const TYPING_DEBOUNCE_MS = 50;

export const quoted = (q: string) => `“${q}”`;

export function resultCount(total: number, q: string): string {
  const count = `${formatNumber(total)} ${total === 1 ? 'resultado' : 'resultados'}`;
  return q ? `${count} para ${quoted(q)}` : count;
}

/** The status line above the results ('' hides it: an error or the empty state says it instead). */
export function searchStatus(active: boolean, phase: 'pending' | 'error' | 'done', total: number | undefined, q: string, recentOnly = false): string {
  if (active && phase === 'pending') return SEARCH_MESSAGES.searching;
  if (active && phase === 'error' && total === undefined) return '';
  if (total !== undefined && total > 0) return recentOnly ? `${resultCount(total, q)} ${RECENT_SCOPE}` : resultCount(total, q);
  if (total === 0) return '';
  return SEARCH_MESSAGES.prompt;
}

export const isFiltered = (state: SearchState) => Boolean(state.city || state.tag || state.period);

/** The empty state's heading and tips (the last only with a filter set). */
export function noMatchTexts(state: SearchState): { title: string; tips: string[] } {
  const tips = ['Confira a grafia das palavras.', 'Tente termos mais gerais, ou menos palavras.'];
  if (isFiltered(state)) tips.push('Busque sem os filtros de cidade, tag ou período.');
  return { title: state.q ? `Nenhum resultado para ${quoted(state.q)}.` : 'Nenhum resultado com esses filtros.', tips };
}

export const searchPageTitle = (q: string) => (q ? pageTitle(`Busca: ${q}`) : pageTitle('Busca'));
