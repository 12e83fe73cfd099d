// The labelled query set of `npm run bench:search`'s relevance figures: queries a reader types on the
// demo content (infra/local/demo-content), each with the published articles that are about it (by
// slug). A query with none expects the empty state (nothing the reader's words name is in the demo).
// Judged by reading the articles: an article that only mentions the word in passing is not relevant
// ("metro" in a rent story's "metro quadrado", the metrô in a vaccination story's list of stations).

export interface LabelledQuery {
  q: string;
  /** Slugs of the demo's published articles about the query; [] expects no result. */
  relevant: string[];
  /** What the query tests. */
  note: string;
}

const BUS = ['novo-corredor-de-onibus-na-zona-leste-promete-encurtar-viagens-em-20-minutos', 'novo-corredor-de-onibus-na-zona-norte-do-rio-promete-cortar-20-minutos-por-viagem'];
const METRO = ['extensao-do-metro-ate-a-zona-leste-de-sao-paulo-entra-na-fase-de-escavacao'];

export const SEARCH_QUERIES: LabelledQuery[] = [
  { q: 'eleicao', relevant: [], note: 'no article holds it (the issue: three unrelated stories)' },
  { q: 'eleições municipais', relevant: [], note: 'no article holds either word' },
  { q: 'metro', relevant: METRO, note: 'the issue: rent and flood stories listed' },
  { q: 'metrô', relevant: METRO, note: 'with its accent' },
  { q: 'corredor de ônibus', relevant: BUS, note: 'three words' },
  { q: 'onibus', relevant: BUS, note: 'accent folded' },
  { q: 'onibos', relevant: [], note: 'a misspelling: empty state, suggests "ônibus"' },
  { q: 'frevo', relevant: ['festival-de-frevo-no-bairro-do-recife-reune-40-agremiacoes-fora-do-carnaval'], note: 'a rare word' },
  { q: 'capoeira', relevant: ['rodas-de-capoeira-no-pelourinho-formam-nova-geracao-de-mestres-em-salvador'], note: 'a rare word' },
  { q: 'capoiera', relevant: [], note: 'a misspelling' },
  { q: 'startups', relevant: ['startups-da-regiao-da-faria-lima-buscam-talentos-fora-do-eixo-e-adotam-trabalho-hibrido', 'polo-de-tecnologia-no-reboucas-atrai-startups-e-desafia-a-falta-de-mao-de-obra'], note: 'premium articles, by title and tags' },
  { q: 'chuva', relevant: ['trechos-improprios-para-banho-crescem-no-litoral-de-fortaleza-apos-chuvas'], note: 'plural in the title' },
  { q: 'dengue', relevant: ['pesquisadores-de-campinas-criam-sensor-barato-que-detecta-dengue-em-20-minutos'], note: 'a rare word' },
  { q: 'vacinação', relevant: ['campanha-de-vacinacao-leva-postos-volantes-a-escolas-e-estacoes-no-rio'], note: 'accented' },
  { q: 'basquete', relevant: ['liga-de-basquete-de-rua-reune-48-times-e-vira-vitrine-para-jovens-do-rio'], note: 'a rare word' },
  { q: 'biblioteca', relevant: ['biblioteca-de-bairro-em-curitiba-amplia-horario-e-vira-ponto-de-encontro-de-jovens'], note: 'a rare word' },
  { q: 'aluguel', relevant: ['preco-do-aluguel-em-sao-paulo-sobe-acima-da-inflacao-pelo-terceiro-ano-seguido'], note: 'a rare word' },
  { q: 'ciclovias', relevant: ['ciclovias-de-belo-horizonte-crescem-mas-falhas-de-conexao-ainda-afastam-ciclistas'], note: 'plural' },
  { q: 'teatro', relevant: ['teatro-centenario-reabre-no-centro-do-rio-apos-sete-anos-de-restauracao'], note: 'a rare word' },
  { q: 'kvjxqwzpt', relevant: [], note: 'nonsense' },
];
