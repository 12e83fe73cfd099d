// The title's words the search matched, marked: the matched words are read from the result's content
// at Pagefind's locations and compared accent-folded and lower-cased, so "eleicao" marks "Eleição" and
// the stem Pagefind matched ("chuva" for "chuvas") marks the word as the title writes it. Pure.

import { foldWord } from '../../../../../shared/search-relevance';

export { foldWord };

/** The folded words of `content` at `locations` (Pagefind's word positions in the content). */
export function matchedWords(content: string, locations: readonly number[]): Set<string> {
  const words = content.split(/\s+/).filter(Boolean);
  const matched = new Set<string>();
  for (const location of locations) {
    const word = words[location];
    const folded = word === undefined ? '' : foldWord(word);
    if (folded) matched.add(folded);
  }
  return matched;
}

export interface TitlePart {
  text: string;
  mark: boolean;
}

// A word with the punctuation around it apart: '“Chuva,”' → '“', 'Chuva', ',”'.
const WORD = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su;

/** The title cut into plain and marked parts, in order; adjacent parts of one kind are joined. */
export function highlightTitle(title: string, matched: ReadonlySet<string>): TitlePart[] {
  const parts: TitlePart[] = [];
  const push = (text: string, mark: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.mark === mark) last.text += text;
    else parts.push({ text, mark });
  };
  for (const token of title.split(/(\s+)/)) {
    const [, before = '', core = '', after = ''] = WORD.exec(token) ?? [];
    if (core && matched.has(foldWord(core))) {
      push(before, false);
      push(core, true);
      push(after, false);
    } else {
      push(token, false);
    }
  }
  return parts;
}
