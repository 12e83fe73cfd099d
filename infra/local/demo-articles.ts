// Demo articles for the local portal: original pt-BR local journalism written for this project,
// spread over several cities, authors and both visibilities.
export interface DemoArticle {
  title: string;
  summary: string;
  content: string;
  tags: string[];
  city_code: string;
  visibility: 'public' | 'premium';
  author: 'autor' | 'editor' | 'master';
  status: 'published' | 'review' | 'draft';
  days_ago: number;
  cover: { hue: number; accent: number; motif: 'waves' | 'grid' | 'sun' | 'hills' | 'bars' | 'circles' };
}
import { PART_1 } from './demo-content/part-1';
import { PART_2 } from './demo-content/part-2';
import { PART_3 } from './demo-content/part-3';

export const DEMO_ARTICLES: DemoArticle[] = [...PART_1, ...PART_2, ...PART_3];
