// The search page's result states as HTML, for the search island: the markup Mantine renders for the
// React page's components (ResultCard, ResultSkeletons, Pagination, the empty state, RetryAlert), so
// both look the same with the public stylesheet alone. tests/unit/search-island.test.ts renders the
// React components and compares, node for node: a Mantine update that changes them fails there.
import { formatCardDateTime } from '../../../../shared/format';
import { withNearSpelling } from '../../../../shared/search-relevance';
import { highlightTitle } from '../../features/search/lib/highlight';
import { searchHref, type SearchState } from '../../features/search/lib/params';
import { archiveLinkText, isFiltered, noMatchTexts, SEARCH_MESSAGES } from '../../features/search/lib/texts';
import type { ResultCardProps } from '../../features/search/components/ResultCard';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute's value, escaped. */
export const esc = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const STACK = (gap: string, align = 'stretch', extra = '') =>
  `style="--stack-gap:${gap};--stack-align:${align};--stack-justify:flex-start${extra}" class="m_6d731127 mantine-Stack-root"`;
const GROUP = (gap: string, justify = 'flex-start', wrap = 'wrap', extra = '') =>
  `style="--group-gap:${gap};--group-align:center;--group-justify:${justify};--group-wrap:${wrap}${extra}" class="m_4081bf90 mantine-Group-root"`;
const PAPER = (padding: string) =>
  `style="--paper-radius:var(--mantine-radius-md);padding:var(--mantine-spacing-${padding})" class="m_1b7284a3 mantine-Paper-root" data-with-border="true"`;
const TEXT = 'class="mantine-focus-auto m_b6d8b162 mantine-Text-root"';
const textStyle = (size: string, rest = '') => `style="--text-fz:var(--mantine-font-size-${size});--text-lh:var(--mantine-line-height-${size})${rest}"`;
const scale = (rem: number) => `calc(${rem}rem * var(--mantine-scale))`;

/** Mantine's light Button (the page's secondary actions). */
function lightButton(label: string, size: 'xs' | 'sm'): string {
  const fz = `var(--mantine-font-size-${size})`;
  return `<button style="--button-height:var(--button-height-${size});--button-padding-x:var(--button-padding-x-${size});--button-fz:${fz};--button-bg:var(--mantine-color-indigo-light);--button-hover:var(--mantine-color-indigo-light-hover);--button-color:var(--mantine-color-indigo-light-color);--button-bd:${scale(0.0625)} solid transparent" class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="light" data-size="${size}" type="button"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${esc(label)}</span></span></button>`;
}

const svg = (size: number, stroke: string, name: string, paths: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="tabler-icon tabler-icon-${name}" aria-hidden="true">${paths.map((d) => `<path d="${d}"></path>`).join('')}</svg>`;

const MAP_PIN = svg(14, 'var(--mantine-color-indigo-6)', 'map-pin', ['M9 11a3 3 0 1 0 6 0a3 3 0 0 0 -6 0', 'M17.657 16.657l-4.243 4.243a2 2 0 0 1 -2.827 0l-4.244 -4.243a8 8 0 1 1 11.314 0']);
const ALERT = svg(28, 'var(--mantine-color-red-7)', 'alert-triangle', [
  'M12 9v4',
  'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0',
  'M12 16h.01',
]);

/** What a result card shows: the React card's props (a type only: nothing of React comes along). */
export type ResultCardData = ResultCardProps;

function headline(title: string, matched: ReadonlySet<string> | undefined): string {
  if (!matched || matched.size === 0) return esc(title);
  return highlightTitle(title, matched)
    .map((part) => (part.mark ? `<mark>${esc(part.text)}</mark>` : esc(part.text)))
    .join('');
}

/** components/ResultCard.tsx's ResultCard. */
export function resultCard({ to, title, matched, lead, city, date, premium }: ResultCardData): string {
  const when = formatCardDateTime(date);
  const dimmed = ';color:var(--mantine-color-dimmed)';
  return [
    `<article ${PAPER('md').replace('class="', 'class="search-result ')}><div ${STACK(scale(0.375))}>`,
    `<h3 style="--title-fw:var(--mantine-h3-font-weight);--title-lh:var(--mantine-h3-line-height);--title-fz:var(--mantine-h3-font-size)" class="search-result-title m_8a5d1357 mantine-Title-root" data-order="3">`,
    `<a class="card-link" href="${esc(to)}" data-discover="true">${headline(title, matched)}</a></h3>`,
    lead ? `<p ${textStyle('sm', `;--text-line-clamp:2${dimmed}`)} ${TEXT} data-size="sm" data-line-clamp="true">${esc(lead)}</p>` : '',
    `<div ${GROUP('var(--mantine-spacing-sm)').replace('class="', 'class="search-result-meta ')}>`,
    premium
      ? `<div style="--badge-height:var(--badge-height-xs);--badge-padding-x:var(--badge-padding-x-xs);--badge-fz:var(--badge-fz-xs);--badge-bg:var(--mantine-color-yellow-filled);--badge-color:var(--mantine-color-white);--badge-bd:${scale(0.0625)} solid transparent;color:var(--mantine-color-dark-8)" class="m_347db0ec mantine-Badge-root" data-variant="filled" data-size="xs"><span class="m_5add502a mantine-Badge-label">Premium</span></div>`
      : '',
    city ? `<div ${GROUP(scale(0.25), 'flex-start', 'nowrap')}>${MAP_PIN}<p ${textStyle('xs', ';font-weight:600')} ${TEXT} data-size="xs">${esc(city)}</p></div>` : '',
    when ? `<time ${textStyle('xs', dimmed)} ${TEXT} data-size="xs" datetime="${esc(date)}">${esc(when)}</time>` : '',
    '</div></div></article>',
  ].join('');
}

/** components/ResultCard.tsx's ResultSkeletons. */
export function resultSkeletons(count = 4): string {
  const bone = (height: number, width?: string) =>
    `<div style="--skeleton-height:${scale(height)}${width ? `;--skeleton-width:${width}` : ''}" class="m_18320242 mantine-Skeleton-root" data-visible="true" data-animate="true"></div>`;
  const card = `<div ${PAPER('md').replace('class="', 'class="search-result ')}><div ${STACK(scale(0.625))}>${bone(1.25, '75%')}${bone(0.875)}${bone(0.875, '60%')}${bone(0.75, scale(10))}</div></div>`;
  return `<div ${STACK('var(--mantine-spacing-sm)')} aria-busy="true" aria-label="Carregando resultados">${card.repeat(count)}</div>`;
}

/** Mantine's usePagination with its defaults (one sibling, one boundary): page numbers and 'dots'. */
export function paginationRange(total: number, active: number): (number | 'dots')[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => index + from);
  if (total <= 7) return range(1, total);
  const left = Math.max(active - 1, 1);
  const right = Math.min(active + 1, total - 1);
  const leftDots = left > 3;
  const rightDots = right < total - 2;
  if (!leftDots && rightDots) return [...range(1, 5), 'dots', total];
  if (leftDots && !rightDots) return [1, 'dots', ...range(total - 4, total)];
  return [1, 'dots', ...range(left, right), 'dots', total];
}

const control = (disabled = false) =>
  `class="mantine-focus-auto${disabled ? '' : ' mantine-active'} m_326d024a mantine-Pagination-control m_87cf2631 mantine-UnstyledButton-root"`;
const paginationIcon = (d: string, rtl = true) =>
  `<svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" style="width:calc(var(--pagination-control-size) / 1.8);height:calc(var(--pagination-control-size) / 1.8)"${rtl ? ' class="mantine-rotate-rtl"' : ''}><path d="${d}" fill="currentColor"></path></svg>`;
const PREVIOUS = paginationIcon('M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z');
const NEXT = paginationIcon('M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z');
const DOTS = paginationIcon(
  'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
  false,
);

/** `<Group justify="center" mt="sm"><Pagination size="sm" …/></Group>` of the page; the buttons carry no page (the island reads their text). */
export function pagination(total: number, active: number): string {
  const edge = (icon: string, disabled: boolean) => `<button ${control(disabled)}${disabled ? ' data-disabled="true" disabled=""' : ''} type="button">${icon}</button>`;
  const items = paginationRange(total, active).map((item) =>
    item === 'dots'
      ? `<div class="m_4ad7767d mantine-Pagination-dots">${DOTS}</div>`
      : `<button ${control()}${item === active ? ' data-active="true"' : ''} data-with-padding="true" type="button"${item === active ? ' aria-current="page"' : ''}>${item}</button>`,
  );
  return [
    `<div ${GROUP('var(--mantine-spacing-md)', 'center', 'wrap', ';margin-top:var(--mantine-spacing-sm)')}>`,
    `<div style="--pagination-control-size:var(--pagination-control-size-sm);--pagination-control-fz:var(--mantine-font-size-sm)" class="m_4addd315 mantine-Pagination-root" data-size="sm" aria-label="Páginas da busca">`,
    `<div ${GROUP(scale(0.5))}>${edge(PREVIOUS, active === 1)}${items.join('')}${edge(NEXT, active === total)}</div></div></div>`,
  ].join('');
}

/** The page's NoMatch: what to try, near spellings to follow (each link's q is the corrected query), and "Limpar filtros" when a filter is set. */
export function noMatch(state: SearchState, near: readonly string[] = []): string {
  const { title, tips } = noMatchTexts(state);
  const links = near.map((word) => `<a href="${esc(searchHref({ ...state, q: withNearSpelling(state.q, word), page: 1 }))}">${esc(word)}</a>`).join(', ');
  return [
    `<div ${PAPER('lg')}><div ${STACK('var(--mantine-spacing-xs)')}>`,
    `<p ${textStyle('lg', ';font-weight:700')} ${TEXT} data-size="lg">${esc(title)}</p>`,
    `<ul class="search-tips">${tips.map((tip) => `<li>${esc(tip)}</li>`).join('')}</ul>`,
    near.length ? `<p class="search-near">${esc(SEARCH_MESSAGES.nearSpellings)} ${links}</p>` : '',
    isFiltered(state) ? `<div ${GROUP('var(--mantine-spacing-md)')}>${lightButton(SEARCH_MESSAGES.clearFilters, 'xs')}</div>` : '',
    '</div></div>',
  ].join('');
}

/** components/RetryAlert.tsx with the search's message. */
export function retryAlert(message: string): string {
  return `<div ${PAPER('xl')}><div ${STACK('var(--mantine-spacing-sm)', 'center', ';text-align:center')}>${ALERT}<p ${textStyle('sm', ';color:var(--mantine-color-dimmed)')} ${TEXT} data-size="sm">${esc(message)}</p>${lightButton(SEARCH_MESSAGES.retry, 'sm')}</div></div>`;
}

/** A page past the last one (an old link): back to the first. */
export function pageGone(): string {
  return `<div ${PAPER('lg')}><div ${STACK('var(--mantine-spacing-xs)', 'flex-start')}><p ${TEXT}>${esc(SEARCH_MESSAGES.pageGone)}</p>${lightButton(SEARCH_MESSAGES.firstPage, 'xs')}</div></div>`;
}

/** The status line's text (inside div.search-status). */
export function statusLine(text: string): string {
  return text ? `<p ${textStyle('sm', ';color:var(--mantine-color-dimmed);font-weight:500')} ${TEXT} data-size="sm">${esc(text)}</p>` : '';
}

/** components/SearchStates.tsx's ArchiveOffer: the link that adds the older years to the search. */
export function archiveOffer(state: SearchState, since: string): string {
  return `<p class="search-archive"><a href="${esc(searchHref({ ...state, archive: true, page: 1 }))}">${esc(archiveLinkText(since))}</a></p>`;
}

/** The list of results (dimmed while the next search runs), the pages under it, and the offer of the older years. */
export function resultList(cards: ResultCardData[], pages: number, page: number, archive = ''): string {
  return `<div ${STACK('var(--mantine-spacing-sm)')}>${cards.map(resultCard).join('')}${pages > 1 ? pagination(pages, Math.min(page, pages)) : ''}${archive}</div>`;
}

/** The empty state above the suggestions (the island moves the server's "Mais lidas" in after it). */
export const noMatchStack = (state: SearchState, near: readonly string[] = []) => `<div ${STACK('var(--mantine-spacing-xl)')}>${noMatch(state, near)}</div>`;
