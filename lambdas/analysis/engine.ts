// Which analyzer answers: the offline one (analyzer/, no network) by default, locally and in tests;
// Amazon Comprehend when ANALYZER=comprehend (the CDK stack sets it and grants the two calls). Both
// take the corpus statistics and what the newsroom taught, and give the same AnalysisResult.
import type { AnalysisResult } from '../../shared/api-types';
import { optionalEnv } from '../platform/env';
import { analyzeArticle, type ArticleInput, type CorpusStats, type LearningStats } from './analyzer';
import { comprehendAnalyzer } from './comprehend';
import { corpusStats } from './corpus';
import { learningStats } from './training';

export type AnalyzerName = 'offline' | 'comprehend';

export interface Analyzer {
  name: AnalyzerName;
  analyze(input: ArticleInput, corpus: CorpusStats, learning: LearningStats): Promise<AnalysisResult>;
}

export const offlineAnalyzer: Analyzer = {
  name: 'offline',
  analyze: async (input, corpus, learning) => analyzeArticle(input, corpus, learning),
};

let configured: Analyzer | undefined;

/** The analyzer ANALYZER names ('offline' when unset). */
export function currentAnalyzer(): Analyzer {
  if (configured) return configured;
  const name = optionalEnv('ANALYZER', 'offline');
  if (name !== 'offline' && name !== 'comprehend') throw new Error(`ANALYZER must be offline or comprehend, not ${name}`);
  configured = name === 'comprehend' ? comprehendAnalyzer() : offlineAnalyzer;
  return configured;
}

/** Replaces the analyzer of this container (tests), or restores the configured one (undefined). */
export function useAnalyzer(analyzer: Analyzer | undefined): void {
  configured = analyzer;
}

/** Analyzes a text with the newsroom's corpus and learning (both cached per container). */
export async function analyzeText(input: ArticleInput): Promise<AnalysisResult> {
  const [corpus, learning] = await Promise.all([corpusStats(), learningStats()]);
  return currentAnalyzer().analyze(input, corpus, learning);
}
