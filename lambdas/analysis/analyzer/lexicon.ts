// Portuguese stopwords and stems. The lists come from `stopword` (its Brazilian list, a superset of
// Snowball's) and the stemmer is Snowball's Portuguese algorithm from `@orama/stemmers`; both are
// small, dependency-free and tree-shaken to the one language. What is added here is news-specific.
import { stemmer } from '@orama/stemmers/portuguese';
import { por, porBr } from 'stopword';
import { fold } from './text';

// Words of the Brazilian list that carry news topics ("obra", "conselho tutelar", "área de risco").
const KEEP = new Set(['conselho', 'obra', 'trabalho', 'sistema', 'área', 'viagem', 'grupo', 'questão', 'local', 'nome', 'número', 'povo', 'relação']);

// Reporting verbs, calendar words and fillers that make poor tags in any news article.
const NEWS_FILLERS = `afirmou afirma afirmam disse dizem explicou explica declarou destacou destaca ressaltou lembrou
lembra contou conta relatou informou informa anunciou comentou avaliou acrescentou completou segundo conforme
cerca quase ainda após durante desde enquanto porém entretanto entanto além sobre outra outro apenas somente
segunda terça quarta quinta sexta sábado domingo feira janeiro fevereiro março abril maio junho julho agosto
setembro outubro novembro dezembro ano anos dia dias semana semanas mês meses hoje ontem amanhã horas hora
vez vezes mil milhão milhões bilhão bilhões cento reais r$ sr sra dr dra ex pode podem deve devem vai vão
foi foram será serão está estão tem têm ter ser é são fica ficou ficam fez feito passa passou passam
primeiro primeira segundo segunda terceiro terceira quarto última último atual atualmente recentemente
todos todas cada toda todo vários várias diversos diversas algumas alguns muitos muitas pessoas pessoa
tipo forma maneira caso ocasião partir lado meio fim início inicio total ali aqui lá cerca mesmo
grande grandes pequeno pequena maior maiores menor novo nova novos novas cinco seis sete oito nove dez
acima abaixo perto longe dentro fora frente através
the of and em no na nos nas ao aos`;

const STOPWORDS = new Set<string>();
for (const word of [...por, ...porBr, ...NEWS_FILLERS.split(/\s+/)]) {
  if (word && !KEEP.has(word)) STOPWORDS.add(fold(word));
}

/** Accent-blind: writers and comment boxes drop accents ("nao", "voce"). Takes a lower-case word. */
export const isStopword = (word: string): boolean => STOPWORDS.has(/[^a-z]/.test(word) ? fold(word) : word);

/** Prepositions that may sit inside a phrase or a name: "coleta de lixo", "São José dos Campos". */
export const LINKERS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);

const cache = new Map<string, string>();

/**
 * Accent-free Snowball stem. Plurals the stemmer leaves apart ("eleições"/"eleição",
 * "nacionais"/"nacional", "possíveis"/"possível") are first brought to the singular.
 */
export function stem(lower: string): string {
  const known = cache.get(lower);
  if (known !== undefined) return known;
  let word = lower;
  if (word.length > 5) {
    word = word
      .replace(/[õã]es$/, 'ão')
      .replace(/ais$/, 'al')
      .replace(/[eé]is$/, 'el');
  }
  const result = fold(stemmer(word));
  if (cache.size > 50_000) cache.clear(); // bounded: a warm container sees many articles
  cache.set(lower, result);
  return result;
}

// Words every local story shares: while the corpus is small its IDF cannot say so, and even a large
// corpus rarely makes them good tags ("semestre", "relatório", "bairros").
const GENERIC = `cidade cidades município municípios prefeitura prefeito moradores população região estado governo
secretaria público serviço brasil brasileiro federal nacional informação dados aumento redução queda resultado
registro novo pessoa polícia caso situação problema medida projeto ação programa parte semestre trimestre período
relatório instituto material bairro bairros metro metros quilômetro quilo quilos século acordo recursos obras noite
noites domingo domingos artista artistas festa avenida interior número valor total taxa índice centro local
metropolitana área áreas setor empresa empresas dia semana lugar vez grupo equipe trabalho sistema conta custo
investimento milhões tempo horas minutos anos mês evento edição etapa rio rios`;
export const GENERIC_STEMS = new Set(GENERIC.split(/\s+/).map((word) => stem(word)));
