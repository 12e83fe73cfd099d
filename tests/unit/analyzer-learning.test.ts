// The analyzer learns from the newsroom: training records (ai_training_data, ai_location_training)
// fold into LearningStats (learningFrom), which move tags and places in later analyses.
import { describe, expect, it } from 'vitest';
import {
  analyzeArticle, learningFrom, trainingContext, type ArticleInput, type LocationTrainingRecord, type TagTrainingRecord,
} from '../../lambdas/analysis/analyzer/index';

const article = (title: string, ...paragraphs: string[]): ArticleInput => ({ title, summary: '', content: paragraphs.map((text) => `<p>${text}</p>`).join('') });
const relevance = (input: ArticleInput, tag: string, learning = learningFrom({})) => analyzeArticle(input, undefined, learning).tags.find((t) => t.tag === tag)?.relevance;

// Four similar stories about street markets.
const MARKETS = [
  article('Feira livre ganha novos feirantes', 'A feira livre do bairro recebeu vinte novos feirantes. Os feirantes vendem frutas, verduras e peixes.', 'A feira funciona aos sábados.'),
  article('Feirantes pedem cobertura na feira livre', 'Os feirantes da feira livre pedem cobertura contra a chuva. A feira livre reúne sessenta barracas de frutas.'),
  article('Feira livre terá horário estendido', 'A feira livre vai funcionar até as 14h. Os feirantes comemoraram a mudança, e as barracas de verduras ficam até mais tarde.'),
  article('Feira livre atrai mais clientes com feirantes jovens', 'Jovens feirantes levaram pagamento por aproximação à feira livre. As vendas de frutas e verduras cresceram.'),
];

const rejection = (input: ArticleInput, tag: string, id: string): TagTrainingRecord => ({
  article_id: id, suggested_tag: tag, was_approved: false, approved_by: 'editor-1', context: trainingContext(input).tags,
});

describe('learningFrom', () => {
  it('folds training records into counts per tag, per context stem and per place, with approved custom tags as vocabulary', () => {
    const stats = learningFrom({
      tags: [
        { article_id: 'a1', suggested_tag: ' Saúde Pública ', was_approved: true, approved_by: 'e1', context: ['saud', 'hospital'] },
        { article_id: 'a2', suggested_tag: 'saúde pública', was_approved: false, approved_by: 'e1', context: ['saud'] },
        { article_id: 'a3', suggested_tag: 'Economia Criativa', was_approved: true, approved_by: 'e2', custom: true },
        { article_id: 'a4', suggested_tag: 'tag ruim', was_approved: false, approved_by: 'e2', custom: true },
      ],
      locations: [
        { article_id: 'a1', suggested_location: 'Campinas (SP)', location_type: 'city', confidence: 0.9, was_approved: true, was_primary: true, approved_by: 'e1' },
        { article_id: 'a2', suggested_location: 'Vitória', location_type: 'city', confidence: 0.8, was_approved: false, was_primary: false, approved_by: 'e1', location_code: '3205309', context: ['time'] },
        { article_id: 'a3', suggested_location: 'Bom Jesus', location_type: 'city', confidence: 0.5, was_approved: true, was_primary: false, approved_by: 'e1' },
      ],
    });
    expect(stats.tags['saúde pública']).toEqual({ approved: 1, rejected: 1, contexts: { saud: { approved: 1, rejected: 1 }, hospital: { approved: 1, rejected: 0 } } });
    expect(stats.vocabulary).toEqual(['economia criativa']);
    expect(stats.places['3509502']).toEqual({ approved: 1, rejected: 0, primary: 1 });
    expect(stats.places['3205309']).toEqual({ approved: 0, rejected: 1, primary: 0, contexts: { time: { approved: 0, rejected: 1 } } });
    expect(Object.keys(stats.places)).toHaveLength(2); // "Bom Jesus" names five towns: skipped without a code
  });
});

describe('learning tags', () => {
  it('sinks a tag rejected on similar articles below the preselection, then drops it', () => {
    const target = MARKETS[3]!;
    const tag = analyzeArticle(target).tags[0]!;
    expect(tag.relevance).toBeGreaterThanOrEqual(0.7);
    const three = learningFrom({ tags: MARKETS.slice(0, 3).map((input, i) => rejection(input, tag.tag, `m${i}`)) });
    expect(relevance(target, tag.tag, three)).toBeLessThan(0.7);
    const six = learningFrom({ tags: [...MARKETS.slice(0, 3), ...MARKETS.slice(0, 3)].map((input, i) => rejection(input, tag.tag, `m${i}`)) });
    expect(relevance(target, tag.tag, six)).toBeUndefined();
  });

  it('raises a tag approved before', () => {
    const target = MARKETS[3]!;
    const second = analyzeArticle(target).tags[1]!;
    const approvals = learningFrom({ tags: MARKETS.slice(0, 3).map((input, i) => ({ ...rejection(input, second.tag, `m${i}`), was_approved: true })) });
    expect(relevance(target, second.tag, approvals)!).toBeGreaterThan(second.relevance);
  });

  it('suggests an approved custom tag once its stems appear', () => {
    const input = article('Festival movimenta a cidade', 'O festival de design atrai negócios criativos e movimenta a economia local. Designers e artesãos criativos vendem peças, e a economia do centro agradece.');
    expect(relevance(input, 'economia criativa')).toBeUndefined();
    const learning = learningFrom({
      tags: ['e1', 'e2'].map((editor) => ({ article_id: `x-${editor}`, suggested_tag: 'economia criativa', was_approved: true, approved_by: editor, custom: true })),
    });
    expect(relevance(input, 'economia criativa', learning)).toBeGreaterThanOrEqual(0.7);
    expect(relevance(article('Chuva', 'A chuva alagou ruas do centro.'), 'economia criativa', learning)).toBeUndefined();
  });
});

describe('learning places', () => {
  const VOTORANTIM = '3557006';
  const business = article(
    'Grupo amplia produção de cimento',
    'O grupo Votorantim vai investir R$ 2 bilhões em uma fábrica de cimento. A fábrica deve gerar 800 empregos diretos.',
  );
  const similar = article(
    'Cimento: grupo anuncia nova fábrica',
    'A nova fábrica de cimento do grupo Votorantim terá capacidade para 3 milhões de toneladas. O investimento inclui um terminal ferroviário.',
  );
  const town = article('Votorantim reforma praças', 'A prefeitura de Votorantim, vizinha de Sorocaba, começou a reforma de cinco praças do centro.');
  const rejected = (input: ArticleInput, id: string): LocationTrainingRecord => ({
    article_id: id, suggested_location: 'Votorantim', location_type: 'city', confidence: 0.8, was_approved: false, was_primary: false,
    approved_by: 'editor-1', location_code: VOTORANTIM, context: trainingContext(input).places[VOTORANTIM],
  });
  const found = (input: ArticleInput, learning = learningFrom({})) => analyzeArticle(input, undefined, learning).locations.find((l) => l.code === VOTORANTIM);

  it('stops suggesting a place rejected in a context in similar contexts, and still finds it elsewhere', () => {
    expect(found(business)?.confidence).toBeGreaterThanOrEqual(0.7); // the false positive: a company named after the town
    expect(found(similar)).toBeDefined();
    const learning = learningFrom({ locations: [rejected(business, 'b1')] });
    expect(found(similar, learning)).toBeUndefined();
    expect(found(town, learning)?.confidence).toBeGreaterThanOrEqual(0.7);
    expect(analyzeArticle(town, undefined, learning).primaryLocation?.code).toBe(VOTORANTIM);
  });

  it('offers the context to store with each judgement', () => {
    const context = trainingContext(business);
    expect(context.tags.length).toBeGreaterThan(3);
    expect(context.places[VOTORANTIM]).toEqual(expect.arrayContaining(['grup', 'fabric']));
  });
});
