// Which results of a search are the reader's own words and which are Pagefind's near spellings. A term
// Pagefind holds no word for is answered with articles holding a word it shares a beginning with
// ("eleicao" found "ele" in three unrelated stories): those are near spellings, not matches. The page
// shows them only as a suggestion in the empty state, and never among real matches. Pure and small:
// the search island's results chunk, the React page and the bench (tests/bench/search.ts) use it.

/** 'Eleição,' → 'eleicao': no accents, lower case, no punctuation. */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The reader's terms, folded (quotes and punctuation dropped). */
export const queryTerms = (query: string): string[] => query.split(/\s+/).map(foldWord).filter(Boolean);

/**
 * A folded word reduced to what its plural and gender forms share (a light Portuguese stemmer:
 * eleições/eleição → eleica, chuvas/chuva → chuv, políticas/político → politic, flores/flor → flor).
 */
export function stemOf(word: string): string {
  if (word.length < 4) return word;
  const singular = word
    .replace(/(oes|aes)$/, 'ao')
    .replace(/ais$/, 'al')
    .replace(/eis$/, 'el')
    .replace(/ois$/, 'ol')
    .replace(/ns$/, 'm')
    .replace(/([rsz])es$/, '$1')
    .replace(/s$/, '');
  return singular.length > 3 ? singular.replace(/[aoe]$/, '') : singular;
}

const commonPrefix = (a: string, b: string) => {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
};

/**
 * Whether an article's word is the reader's term as a whole word: the same, another form of it (plural,
 * gender), or one sharing a long beginning with it (vacinação, vacinas: what Pagefind's stemmer joins).
 */
export function isWholeMatch(term: string, word: string): boolean {
  if (word === term || stemOf(word) === stemOf(term)) return true;
  const common = commonPrefix(term, word);
  return common >= 5 && common >= 0.6 * Math.max(term.length, word.length);
}

/** Whether an article's word is the reader's term: a whole match, or a word that begins with it (as typed so far). */
export const isOwnMatch = (term: string, word: string): boolean => word.startsWith(term) || isWholeMatch(term, word);

/** Whether a result's matched words (folded) hold every term itself (Pagefind finds pages holding all the terms). */
export const hasOwnMatch = (terms: readonly string[], matched: Iterable<string>): boolean => {
  const words = [...matched];
  return terms.every((term) => words.some((word) => isOwnMatch(term, word)));
};

/** Whether they hold every term as a whole word (not only longer words beginning with it: metrô, not metropolitano). */
export const hasWholeMatch = (terms: readonly string[], matched: Iterable<string>): boolean => {
  const words = [...matched];
  return terms.every((term) => words.some((word) => isWholeMatch(term, word)));
};

/** Edits (insert, delete, replace) from a to b. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** A near spelling worth suggesting: at most one edit in four letters (onibos → ônibus; not eleicao → ele). */
export const isNearSpelling = (term: string, word: string): boolean =>
  term !== word && editDistance(term, word) <= Math.max(1, Math.floor(term.length / 4));

/**
 * The words to suggest for a search with no match of its own: the matched words (as written, lower
 * case) that are near spellings of a term, most frequent first, at most `limit`.
 */
export function nearSpellings(terms: readonly string[], words: readonly string[], limit = 3): string[] {
  const counts = new Map<string, { word: string; count: number }>();
  for (const raw of words) {
    const word = raw.toLocaleLowerCase('pt-BR').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const folded = foldWord(word);
    if (!folded || !terms.some((term) => isNearSpelling(term, folded))) continue;
    const entry = counts.get(folded) ?? { word, count: 0 };
    entry.count += 1;
    counts.set(folded, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.word.localeCompare(b.word, 'pt-BR')).slice(0, limit).map((entry) => entry.word);
}

/**
 * The query a suggestion leads to: the reader's words with the suggested one in place of the terms it
 * is a near spelling of ("onibos lotado" → "ônibus lotado"), the others kept as typed.
 */
export function withNearSpelling(query: string, word: string): string {
  const target = foldWord(word);
  const parts = query.trim().split(/\s+/);
  const corrected = parts.map((part) => (isNearSpelling(foldWord(part), target) ? word : part));
  return corrected.some((part, index) => part !== parts[index]) ? corrected.join(' ') : word;
}
