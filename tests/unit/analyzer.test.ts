// The offline article analyzer (lambdas/analysis/analyzer): text handling, place traps and
// homonyms, tags. Learning is in analyzer-learning.test.ts, the labelled set in analyzer-quality.test.ts.
import { describe, expect, it } from 'vitest';
import { analyzeArticle, corpusOf, documentStems, EMPTY_CORPUS, tagKey, type ArticleInput } from '../../lambdas/analysis/analyzer/index';
import { isStopword, stem } from '../../lambdas/analysis/analyzer/lexicon';
import { htmlToText } from '../../lambdas/analysis/analyzer/text';

const article = (title: string, content: string, summary = ''): ArticleInput => ({ title, summary, content: `<p>${content}</p>` });
const codes = (input: ArticleInput, min = 0.7) => analyzeArticle(input).locations.filter((l) => l.confidence >= min).map((l) => l.code);
const NATAL = '2408102';

describe('text', () => {
  it('strips tags, keeps paragraphs apart and decodes entities', () => {
    expect(htmlToText('<h2>T&iacute;tulo</h2><p>Caf&eacute; &amp; p&atilde;o <strong>quente</strong>&#33;</p><p>Fim&nbsp;&#x2014; ok</p>')).toBe(
      'Título\nCafé & pão quente!\nFim — ok',
    );
    expect(htmlToText('<p>a<script>alert(1)</script>b</p>')).toBe('a b');
  });

  it('stems inflections together, accent-blind, and knows Portuguese stopwords', () => {
    expect(stem('eleições')).toBe(stem('eleição'));
    expect(stem('nacionais')).toBe(stem('nacional'));
    expect(stem('públicos')).toBe(stem('público'));
    expect(tagKey('Transportes Públicos')).toBe(tagKey('transporte público'));
    expect(isStopword('nao') && isStopword('não') && isStopword('para')).toBe(true);
    expect(isStopword('obra')).toBe(false);
  });
});

describe('places: words that are also towns', () => {
  it('reads Natal as the holiday after an article, in "ceia de Natal" and "Feliz Natal"', () => {
    const text = article('Vendas de fim de ano', 'O comércio espera vender mais no Natal. A ceia de Natal ficou cara. Feliz Natal a todos os leitores.');
    expect(analyzeArticle(text).locations.map((l) => l.code)).not.toContain(NATAL);
    expect(analyzeArticle(article('Natal chegou', 'Natal é tempo de família e de presentes.')).locations).toEqual([]);
  });

  it('reads Natal as the capital of Rio Grande do Norte with a place cue, and confirms the sentence subject', () => {
    expect(codes(article('Chuva forte', 'A Defesa Civil fez alertas em Natal durante a madrugada.'))).toContain(NATAL);
    const subject = analyzeArticle(article('Natal decreta emergência', 'A prefeitura de Natal decretou emergência. Natal teve 180 milímetros de chuva.'));
    expect(subject.primaryLocation?.code).toBe(NATAL);
    expect(codes(article('Natal (RN) recebe congresso', 'O evento dura três dias.'))).toContain(NATAL);
  });

  it('reads vitória the word, in lower case or opening a sentence, as no place; Vitória with a cue as the capital of ES', () => {
    expect(analyzeArticle(article('Vitória suada na final', 'Vitória é a palavra do dia. O time garantiu a vitória nos acréscimos.')).locations).toEqual([]);
    expect(codes(article('Ciclovias', 'A prefeitura de Vitória ampliou as ciclovias da orla.'))).toEqual(['3205309']);
  });

  it('ignores surnames, clubs, saints and streets named like towns', () => {
    expect(codes(article('Horta', 'A professora Maria dos Santos criou a horta. Segundo Santos, os alunos adoram.'))).toEqual([]);
    expect(codes(article('Clássico', 'O Santos venceu o clássico por 2 a 1 no domingo.'))).toEqual([]);
    expect(codes(article('Feira', 'A Avenida Paulista recebe feira de livros aos domingos.'))).toEqual([]);
    expect(codes(article('Festa', 'A festa de São João atrai turistas com quadrilhas e fogueira.'))).toEqual([]);
    expect(codes(article('Cheia', 'A cheia do rio Acre preocupa ribeirinhos.'))).toEqual([]);
  });

  it('does not read a preposition as a state ("Para a polícia" is not Pará)', () => {
    expect(codes(article('Segurança', 'Para a polícia, os roubos caíram em Bauru.'))).toEqual(['3506003']);
  });
});

describe('places: homonyms and names that are states too', () => {
  it('tells homonyms apart by the state beside them', () => {
    expect(codes(article('Escola nova', 'São José (SC) inaugurou uma escola.'))).toEqual(['4216602']);
    expect(codes(article('Safra', 'A colheita em Bom Jesus, no Piauí, bateu recorde.'))).toEqual(['2201903']);
    expect(codes(article('Frio', 'Palmas, no Paraná, teve geada.'))).toEqual(['4117602']);
    expect(codes(article('Campus', 'A universidade da cidade gaúcha de Santa Maria abriu vagas.'))).toEqual(['4316907']);
  });

  it('tells homonyms apart by states and towns named elsewhere, then by the capital', () => {
    // Five towns are called Bom Jesus: the state named elsewhere picks one (shown, not preselected, without a cue).
    expect(codes(article('Colheita', 'A cooperativa de Bom Jesus colheu mais. O governo de Santa Catarina comemorou.'), 0)).toContain('4202537');
    expect(codes(article('Colheita', 'A cooperativa de Bom Jesus colheu mais. O governo de Santa Catarina comemorou.'), 0)).not.toContain('2201903');
    expect(codes(article('Colheita', 'Em Bom Jesus a safra cresceu. A Epagri, de Santa Catarina, ajudou.'))).toContain('4202537');
    expect(codes(article('Água', 'Santa Rita, vizinha de João Pessoa, ganhou uma estação de tratamento.'))).toContain('2513703');
    expect(codes(article('Festival', 'Palmas recebe um festival de música no fim de semana.'))).toEqual(['1721000']);
  });

  it('prefers the longest name and tells the city of Rio de Janeiro from the state', () => {
    expect(codes(article('Vagas', 'O parque tecnológico de São José dos Campos abriu vagas.'))).toEqual(['3549904']);
    expect(codes(article('Temporal', 'O temporal alagou ruas na Zona Norte do Rio de Janeiro.'))).toEqual(['3304557']);
    expect(codes(article('Concurso', 'O governo do estado do Rio de Janeiro abriu concurso.'))).toEqual(['33']);
  });

  it('keeps Brasília as the seat of government below the preselection and never primary', () => {
    const result = analyzeArticle(article('Salário mínimo', 'O governo federal anunciou em Brasília o novo salário mínimo, que vai ao Congresso.'));
    expect(result.locations.every((l) => l.confidence < 0.7)).toBe(true);
    expect(result.primaryLocation).toBeNull();
  });

  it('describes each place with IBGE code, path and type, and picks the title town as primary', () => {
    const result = analyzeArticle(article('Campinas amplia corredor de ônibus', 'O corredor liga Campinas a Sumaré e atende passageiros de Hortolândia.'));
    expect(result.primaryLocation).toEqual({ name: 'Campinas', state_code: 'SP', code: '3509502', location_path: 'campinas-sp', type: 'city', confidence: expect.any(Number) });
    expect(result.locations.map((l) => l.code).sort()).toEqual(['3509502', '3519071', '3552403']);
    const state = analyzeArticle(article('Governo', 'O governo de Santa Catarina anunciou obras.')).locations[0];
    expect(state).toMatchObject({ type: 'state', code: '42', state_code: 'SC', location_path: 'santa-catarina' });
    for (const { confidence } of result.locations) expect(confidence > 0 && confidence <= 1).toBe(true);
  });
});

describe('tags', () => {
  const text = article(
    'Transporte público ganha novas linhas de ônibus',
    'A prefeitura anunciou novas linhas de ônibus. O transporte público terá mais ônibus elétricos. Os transportes públicos da cidade ganham tarifa integrada, e a tarifa integrada vale por duas horas.   ',
    'Ônibus elétricos chegam em março.',
  );

  it('are lower case, trimmed, unique by stem, at most ten, relevance 0..1 in decreasing order', () => {
    const { tags } = analyzeArticle(text);
    expect(tags.length).toBeGreaterThan(2);
    expect(tags.length).toBeLessThanOrEqual(10);
    for (const { tag, relevance } of tags) {
      expect(tag).toBe(tag.trim().toLowerCase());
      expect(relevance).toBeGreaterThanOrEqual(0);
      expect(relevance).toBeLessThanOrEqual(1);
    }
    expect(new Set(tags.map((t) => tagKey(t.tag))).size).toBe(tags.length);
    expect(tags.map((t) => t.relevance)).toEqual([...tags.map((t) => t.relevance)].sort((a, b) => b - a));
    expect(tags.map((t) => t.tag)).toContain('transporte público'); // accented display form, one entry for both spellings
    expect(tags.filter((t) => tagKey(t.tag) === tagKey('transportes públicos'))).toHaveLength(1);
  });

  it('preselect (0.7) the phrases of the title and summary, not one passing mention nor verbs', () => {
    const { tags } = analyzeArticle(text);
    const preselected = tags.filter((t) => t.relevance >= 0.7).map((t) => t.tag);
    expect(preselected).toEqual(expect.arrayContaining(['transporte público', 'ônibus']));
    expect(tags.map((t) => t.tag)).not.toContain('anunciou');
    expect(tags.find((t) => t.tag === 'prefeitura')?.relevance ?? 0).toBeLessThan(0.7);
  });

  it('rank by TF-IDF: a phrase every article of the corpus uses sinks below a rare one', () => {
    const input = article('Obras', 'A reforma da praça e a reforma do viaduto atrasaram. O viaduto e a praça reabrem em maio.');
    const withCorpus = (common: string) =>
      analyzeArticle(input, corpusOf([...Array.from({ length: 30 }, () => [stem(common)]), documentStems(input)])).tags.map((t) => t.tag);
    expect(withCorpus('viaduto').indexOf('praça')).toBeLessThan(withCorpus('viaduto').indexOf('viaduto'));
    expect(withCorpus('praça').indexOf('viaduto')).toBeLessThan(withCorpus('praça').indexOf('praça'));
  });

  it('work without a corpus and leave places out of the tags', () => {
    const result = analyzeArticle(article('Campinas amplia coleta seletiva', 'A coleta seletiva chega a 40 bairros de Campinas.'), EMPTY_CORPUS);
    expect(result.tags[0]?.tag).toBe('coleta seletiva');
    expect(result.tags.map((t) => t.tag)).not.toContain('campinas');
  });

  it('analyze an article in a few milliseconds once the gazetteer is built', () => {
    analyzeArticle(text);
    const started = performance.now();
    for (let run = 0; run < 20; run++) analyzeArticle(text);
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});
