// Places a story is about against places it only mentions (origins of flights, states a programme
// covers, a comparison) and namesakes inside the story's own city ("bairro do Rio Vermelho" in
// Salvador): measured on the labelled place set (tests/fixtures/analysis/places.ts) on both paths,
// the offline analyzer and the Comprehend adapter, then each rule on a short text. Pure computation.
import { describe, expect, it } from 'vitest';
import type { Entity } from '@aws-sdk/client-comprehend';
import { analyzeArticle, analyzeInDetail, EMPTY_CORPUS, gazetteer, NO_LEARNING, type ArticleInput } from '../../lambdas/analysis/analyzer/index';
import { mergeLocations } from '../../lambdas/analysis/comprehend';
import { ANALYSIS_LIMITS } from '../../shared/analysis';
import { placeQualityBothPaths } from '../bench/analysis';
import { PLACES } from '../fixtures/analysis/places';

/** City recall on the place set before subject and passing mentions were told apart (89 of 91 cities). */
const RECALL_BEFORE = 0.978;

const article = (title: string, ...paragraphs: string[]): ArticleInput => ({ title, summary: '', content: paragraphs.map((text) => `<p>${text}</p>`).join('') });
const preselected = (input: ArticleInput) => analyzeArticle(input).locations.filter((l) => l.confidence > ANALYSIS_LIMITS.preselect).map((l) => l.name);
const shown = (input: ArticleInput) => analyzeArticle(input).locations.map((l) => l.name);

describe('the labelled place set', () => {
  it('has at least 40 original articles, each place a real IBGE code, subject and mentioned apart', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PLACES.map((item) => item.id)).size).toBe(PLACES.length);
    const g = gazetteer();
    const known = (code: string) => (code.length === 7 ? g.cityByCode.has(code) : [...g.statesByCode.values()].some((state) => state.code === code));
    for (const item of PLACES) {
      for (const code of [...item.subject, ...item.mentioned]) expect(known(code), `${item.id} ${code}`).toBe(true);
      expect(item.subject.filter((code) => item.mentioned.includes(code)), item.id).toEqual([]);
      if (item.primary) expect(item.subject, item.id).toContain(item.primary);
    }
    expect(PLACES.reduce((total, item) => total + item.mentioned.filter((code) => code.length === 7).length, 0)).toBeGreaterThanOrEqual(60);
  });

  it('preselects the cities a story is about (precision >= 0.9) without losing recall, offline and through Comprehend', async () => {
    const { offline, comprehend } = await placeQualityBothPaths();
    for (const report of [offline, comprehend]) {
      expect(report.city_precision).toBeGreaterThanOrEqual(0.9);
      expect(report.city_recall).toBeGreaterThanOrEqual(RECALL_BEFORE);
      // Mentioned cities stay in the suggestion list, for an editor who wants them.
      expect(report.mentioned_shown).toBeGreaterThanOrEqual(0.9);
    }
  });
});

describe('places only mentioned', () => {
  it('shows the origins of flights in an airport story without preselecting them', () => {
    const text = article(
      'Aeroporto de Salvador bate recorde no feriado',
      'O aeroporto de Salvador recebeu 38 mil passageiros no feriado.',
      'A maior parte chegou em voos vindos de Belo Horizonte e Curitiba. Também houve rotas com origem em Porto Alegre.',
    );
    expect(preselected(text)).toEqual(['Salvador']);
    expect(shown(text)).toEqual(expect.arrayContaining(['Belo Horizonte', 'Curitiba', 'Porto Alegre']));
    expect(analyzeArticle(text).primaryLocation?.name).toBe('Salvador');
    // A destination in the headline too.
    const route = article('Palmas ganha voo direto para Belo Horizonte', 'O aeroporto de Palmas terá voos diretos a partir de março.');
    expect(preselected(route)).toEqual(['Palmas']);
  });

  it('does not preselect the states a satellite will monitor, listed further down', () => {
    const text = article(
      'Satélite montado em São José dos Campos vai monitorar desmatamento',
      'Engenheiros concluíram em São José dos Campos a montagem de um satélite.',
      'Ele vai gerar imagens de florestas no Pará, no Amazonas e em Rondônia a cada cinco dias.',
    );
    expect(preselected(text)).toEqual(['São José dos Campos']);
    expect(shown(text)).toEqual(expect.arrayContaining(['Pará', 'Amazonas', 'Rondônia']));
  });

  it('does not preselect a city named once further down, and keeps one named in the title, the lead or twice', () => {
    const text = article(
      'Teresina tem o dia mais quente do ano',
      'A capital do Piauí registrou 41,8 graus nesta terça-feira.',
      'A umidade ficou abaixo de 15%. A cidade ficou à frente de Palmas no ranking do dia.',
    );
    expect(preselected(text)).toContain('Teresina');
    expect(preselected(text)).not.toContain('Palmas');
    expect(shown(text)).toContain('Palmas');
    const twice = article('Chuva forte no Sul', 'A Defesa Civil abriu abrigos.', 'Em Canoas, 300 famílias saíram de casa. Canoas suspendeu as aulas.');
    expect(preselected(twice)).toContain('Canoas');
  });
});

describe('namesakes inside the story city', () => {
  it('reads "bairro de Campo Grande" and its other mentions as the Rio neighbourhood, not the capital of Mato Grosso do Sul', () => {
    const text = article(
      'Rio inaugura hospital na zona oeste',
      'A prefeitura do Rio de Janeiro inaugurou um hospital no bairro de Campo Grande, na zona oeste.',
      'O hospital vai atender moradores de Campo Grande e de Bangu.',
    );
    expect(preselected(text)).toEqual(['Rio de Janeiro']);
    expect(shown(text)).not.toContain('Campo Grande');
  });

  it('reads streets named after states or towns as streets ("rua Bahia", "Praia de Iracema")', () => {
    expect(shown(article('Belo Horizonte fecha a rua Bahia', 'A prefeitura de Belo Horizonte fecha a rua Bahia aos domingos, da avenida Amazonas à rua Goiás.'))).toEqual(['Belo Horizonte']);
    expect(preselected(article('Fortaleza reabre casarão', 'A prefeitura de Fortaleza reabriu o casarão da Praia de Iracema.'))).toEqual(['Fortaleza']);
  });

  it('does not preselect a small town of another state named in a big city story with nothing about its state', () => {
    const text = article('Rio amplia patrulhamento em Ipanema', 'A prefeitura do Rio de Janeiro reforçou o patrulhamento nas praias.', 'Em Ipanema, haverá torres de observação.');
    expect(preselected(text)).toEqual(['Rio de Janeiro']);
    // Its state named: a town of its own.
    expect(preselected(article('Ônibus cai em Ipanema (MG)', 'Um ônibus que saiu do Rio de Janeiro caiu em Ipanema (MG).'))).toContain('Ipanema');
  });

  it('reads "São João de Caruaru" as the feast, "Porto de Galinhas" as one name, and no state in "Aparecida, no Vale do Paraíba"', () => {
    expect(shown(article('São João de Caruaru atrai multidão', 'A prefeitura de Caruaru espera 3 milhões de pessoas.'))).toEqual(['Caruaru']);
    expect(shown(article('Ipojuca limita visitas', 'A prefeitura de Ipojuca limitou as visitas às piscinas de Porto de Galinhas.'))).toEqual(['Ipojuca']);
    // The valley is no state beside the name: the towns of São Paulo around tell which Aparecida.
    const pilgrims = article('Romeiros', 'A cidade de Aparecida, no Vale do Paraíba, espera romeiros.', 'Eles saem a pé de Guaratinguetá e de Lorena.');
    expect(analyzeArticle(pilgrims).locations.find((l) => l.name === 'Aparecida')).toMatchObject({ state_code: 'SP' });
  });
});

describe('the Comprehend path', () => {
  const location = (Text: string): Entity => ({ Type: 'LOCATION', Text, Score: 0.99 });

  it('keeps a place the offline reading found only mentioned below the preselection, however sure the entity', () => {
    const input = article('Aeroporto de Recife ganha rotas', 'O aeroporto do Recife terá voos diretos para Manaus e Goiânia.');
    const { result, passing } = analyzeInDetail(input);
    expect([...passing].map((code) => gazetteer().cityByCode.get(code)?.name).sort()).toEqual(['Goiânia', 'Manaus']);
    const merged = mergeLocations(result.locations, [location('Recife'), location('Manaus'), location('Manaus'), location('Goiânia')], NO_LEARNING, new Set(), passing);
    expect(merged.filter((l) => l.confidence > ANALYSIS_LIMITS.preselect).map((l) => l.name)).toEqual(['Recife']);
    expect(merged.map((l) => l.name)).toEqual(expect.arrayContaining(['Manaus', 'Goiânia']));
  });

  it('adds a name the gazetteer read as no place once, below the preselection, however often it comes back', () => {
    const input = article('Festa no Rio Vermelho', 'A festa no bairro do Rio Vermelho, em Salvador, reuniu fiéis.');
    const { result, passing } = analyzeInDetail(input, EMPTY_CORPUS, NO_LEARNING);
    const merged = mergeLocations(result.locations, [location('Rio Vermelho'), location('Rio Vermelho'), location('Rio Vermelho')], NO_LEARNING, new Set(), passing);
    expect(merged.find((l) => l.name === 'Rio Vermelho')!.confidence).toBeLessThanOrEqual(ANALYSIS_LIMITS.preselect);
  });
});
