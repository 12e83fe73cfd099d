// Article text -> tokens. The analyzer works on tokens that keep their surface form (for display and
// capitalization cues), a lower-case form (stemming) and an accent-free form (matching names that
// writers spell with or without accents), plus where they sit: zone, paragraph and sentence.
import { foldAccents } from '../../../shared/article-rules';

export type Zone = 'title' | 'summary' | 'body';

export interface Token {
  /** As written, apostrophes normalized: 'São', 'd'Oeste'. */
  surface: string;
  lower: string;
  /** Lower case without accents: matching key. */
  fold: string;
  zone: Zone;
  /** Body paragraph (0 = lead); title and summary are -1. */
  paragraph: number;
  /** Global sentence number: two tokens with different numbers never form a phrase or a name. */
  sentence: number;
  /** What stands between the previous token of the same sentence and this one ('' at a sentence start). */
  gap: string;
  sentenceStart: boolean;
  capitalized: boolean;
  allCaps: boolean;
  numeric: boolean;
}

export interface ArticleText {
  tokens: Token[];
  /** A title written in Title Case: its capitals say nothing about proper names. */
  titleCase: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  laquo: '«', raquo: '»', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', ordm: 'º', ordf: 'ª', deg: '°',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    const known = NAMED_ENTITIES[name.toLowerCase()];
    if (known) return known;
    // Latin letters with accents (&aacute;, &ccedil;, &Atilde;...): compose letter + combining mark.
    const accent = /^([a-z])(acute|grave|circ|tilde|cedil|uml)$/i.exec(name);
    const marks: Record<string, string> = { acute: '\u0301', grave: '\u0300', circ: '\u0302', tilde: '\u0303', cedil: '\u0327', uml: '\u0308' };
    return accent ? (accent[1]! + marks[accent[2]!.toLowerCase()]!).normalize('NFC') : whole;
  });
}

/** Sanitized HTML -> plain text; block elements become line breaks (paragraphs), inline tags vanish. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|iframe)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|table|section|article|figure|figcaption|hr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[\u00a0\t\r ]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}

// Words keep inner apostrophes (d'Oeste); hyphens split words but stay in the gap, so "Ji-Paraná",
// "sexta-feira" and "Campinas-SP" are seen both as one expression and as parts.
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
const SENTENCE_END = /[.!?…;:]|\n/;
const UPPER = /^\p{Lu}/u;

export const fold = (text: string): string => foldAccents(text);

function pushTokens(text: string, zone: Zone, paragraph: number, out: Token[], state: { sentence: number }) {
  let last = 0;
  let start = true;
  state.sentence++;
  for (const match of text.replace(/[’‘`´]/g, "'").matchAll(WORD)) {
    const surface = match[0];
    const gap = text.slice(last, match.index);
    last = match.index + surface.length;
    // A sentence ends at . ! ? ; : unless the dot belongs to a number or an abbreviation ("R$ 1.500", "Sr.").
    if (!start && SENTENCE_END.test(gap) && !(/^\.$/.test(gap) && /^\d/.test(surface))) {
      state.sentence++;
      start = true;
    }
    const lower = surface.toLowerCase();
    out.push({
      surface,
      lower,
      fold: fold(lower),
      zone,
      paragraph,
      sentence: state.sentence,
      gap: start ? '' : gap,
      sentenceStart: start,
      capitalized: UPPER.test(surface),
      allCaps: surface.length > 1 && surface === surface.toUpperCase() && /\p{L}/u.test(surface),
      numeric: /^\d/.test(surface),
    });
    start = false;
  }
}

/** Title, summary and body of an article as one token stream, each zone its own set of sentences. */
export function tokenizeArticle(input: { title: string; summary?: string; content: string }): ArticleText {
  const tokens: Token[] = [];
  const state = { sentence: 0 };
  pushTokens(input.title.replace(/\s+/g, ' '), 'title', -1, tokens, state);
  pushTokens((input.summary ?? '').replace(/\s+/g, ' '), 'summary', -1, tokens, state);
  htmlToText(input.content)
    .split('\n')
    .filter((paragraph) => paragraph.trim())
    .forEach((paragraph, index) => pushTokens(paragraph, 'body', index, tokens, state));
  const titleWords = tokens.filter((token) => token.zone === 'title' && !token.numeric && token.lower.length > 3);
  const capitals = titleWords.filter((token) => token.capitalized).length;
  return { tokens, titleCase: titleWords.length >= 3 && capitals / titleWords.length > 0.6 };
}

/** Only spaces (or a hyphen) between two tokens: they may belong to one name or phrase. */
export const joinable = (gap: string): boolean => /^\s*-?\s*$/.test(gap) && gap.length <= 3;

/** Whether the capital of this token says anything: not the first word of a sentence nor a Title Case title. */
export const informativeCapital = (token: Token, text: ArticleText): boolean =>
  token.capitalized && !token.sentenceStart && !(token.zone === 'title' && text.titleCase);
