import { describe, expect, it } from 'vitest';
import { articleHtmlOf, delimiterOf, mapRow, missingColumns, publishedAtOf, summaryOf } from '../../lambdas/imports/mapping';
import { sampleRows } from '../bench/import-sample';

describe('the file', () => {
  it('is split by ";" when the first line has one, else by commas', () => {
    expect(delimiterOf('record_id;titulo;conteudo;Author')).toBe(';');
    expect(delimiterOf('record_id,titulo,conteudo,Author')).toBe(',');
  });
  it('names the required columns it lacks', () => {
    expect(missingColumns(['record_id', 'titulo', 'Tags'])).toEqual(['conteudo', 'Author']);
    expect(missingColumns([' record_id', 'titulo ', 'conteudo', 'Author'])).toEqual([]);
  });
});

describe('WordPress bodies', () => {
  it('lose their shortcodes, media ones with what they enclose', () => {
    const html = articleHtmlOf('[caption id="a1"]<img src="x.jpg"> Foto[/caption]<p>Texto da matéria [destaque]com ênfase[/destaque].</p>[gallery ids="1,2"]');
    expect(html).toBe('<p>Texto da matéria com ênfase.</p>');
  });
  it('are paragraphed when they have no blocks, as wpautop does', () => {
    expect(articleHtmlOf('Primeiro parágrafo,\ncom quebra.\n\nSegundo parágrafo.')).toBe('<p>Primeiro parágrafo,<br />com quebra.</p>\n<p>Segundo parágrafo.</p>');
  });
  it('lose what the article sanitizer drops (scripts, handlers)', () => {
    expect(articleHtmlOf('<p onclick="x()">Oi</p><script>alert(1)</script>')).toBe('<p>Oi</p>');
  });
});

describe('fields', () => {
  it('derive the summary from the content when the excerpt is empty, cut at a word', () => {
    const html = `<p>${'Palavra '.repeat(80)}</p>`;
    const summary = summaryOf('', html);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(241);
    expect(summaryOf('  Resumo   dado. ', html)).toBe('Resumo dado.');
  });
  it('read WordPress local dates as Brasília time, ISO instants as they are, and nothing else', () => {
    expect(publishedAtOf('2020-03-15 14:30:00')).toBe('2020-03-15T17:30:00.000Z');
    expect(publishedAtOf('2020-03-15')).toBe('2020-03-15T03:00:00.000Z');
    expect(publishedAtOf('2020-03-15T14:30:00Z')).toBe('2020-03-15T14:30:00.000Z');
    expect(publishedAtOf('2020-02-31 10:00:00')).toBeUndefined();
    expect(publishedAtOf('31/02/2020 25:61')).toBeUndefined();
    expect(publishedAtOf('15/03/2020')).toBeUndefined();
  });
});

describe('rows', () => {
  it('map to a published article: slug from URL Slug or the title, tags from Tags and Categorias', () => {
    const mapped = mapRow({
      record_id: '42',
      titulo: 'Chuva forte alaga ruas do centro',
      conteudo: 'A chuva de ontem alagou ruas do centro e deixou moradores ilhados por horas.',
      Author: 'Ana Beatriz Costa',
      Categorias: 'Cidades',
      Tags: 'chuva, Enchente, chuva',
      Date: '2019-12-01 08:00:00',
      'URL Slug': 'Chuva-Forte_Centro',
      'Featured Image': 'https://arquivo.exemplo.com.br/foto.jpg',
      Excerpt: '',
    });
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.article).toMatchObject({ recordId: '42', author: 'Ana Beatriz Costa', publishedAt: '2019-12-01T11:00:00.000Z' });
    expect(mapped.article.fields).toMatchObject({ slug: 'chuva-forte-centro', tags: ['chuva', 'enchente', 'cidades'], cover_image: 'https://arquivo.exemplo.com.br/foto.jpg' });
    expect(mapped.article.fields.content).toBe('<p>A chuva de ontem alagou ruas do centro e deixou moradores ilhados por horas.</p>');
  });

  it('that break a rule give its message, and every broken kind of the sample is refused', () => {
    const { rows, broken } = sampleRows(2000, 10, 11);
    expect(broken.size).toBeGreaterThan(100);
    const messages = new Map<string, Set<string>>();
    for (const row of rows) {
      const mapped = mapRow(row);
      const kind = broken.get(row.record_id);
      // A bad slug is not refused: the title gives one (the generator's "--" slugifies to nothing).
      if (!kind || kind === 'bad-slug') {
        expect(mapped.ok, JSON.stringify(mapped)).toBe(true);
        continue;
      }
      expect(mapped.ok, `${kind}: ${JSON.stringify(row).slice(0, 200)}`).toBe(false);
      if (!mapped.ok) messages.set(kind, (messages.get(kind) ?? new Set()).add(mapped.error));
    }
    expect(Object.fromEntries([...messages].map(([kind, set]) => [kind, [...set]]))).toEqual({
      'no-title': ['Título deve ter pelo menos 3 caracteres'],
      'no-content': ['Conteúdo deve ter pelo menos 50 caracteres'],
      'no-author': ['Autor ausente'],
      'short-content': ['Conteúdo deve ter pelo menos 50 caracteres'],
      'long-title': ['Título muito longo'],
      'bad-date': ['Data inválida'],
      'too-many-tags': ['Use no máximo 10 tags'],
    });
  });
});
