import { describe, expect, it } from 'vitest';
import { validateSeo, type SeoInput } from '../../shared/seo-rules';

const words = (count: number) => Array.from({ length: count }, (_, index) => `palavra${index}`).join(' ');
const good: SeoInput = {
  title: 'Prefeitura amplia corredores de ônibus na zona sul',
  summary: 'Novo corredor reduz em até vinte minutos o trajeto de quem vai ao centro; obras terminam em março, segundo a secretaria.',
  slug: 'prefeitura-amplia-corredores-de-onibus',
  content: `<p>${words(200)}</p><h2>Obras</h2><p>${words(200)} <a href="https://www.gov.br">fonte</a></p>`,
  cover_image: '/media/demo/capa.png',
};

describe('SEO rules', () => {
  it('finds nothing to say about a well-formed article', () => {
    expect(validateSeo(good)).toEqual({ validation_status: 'valid', errors: [], warnings: [] });
  });
  it('treats a missing cover as an error: news results need an image', () => {
    const result = validateSeo({ ...good, cover_image: '' });
    expect(result.validation_status).toBe('error');
    expect(result.errors).toContain('Sem imagem de capa: buscadores exigem uma imagem para notícias.');
  });
  it('warns about a title outside 30–60 characters and errs outside 20–100', () => {
    expect(validateSeo({ ...good, title: 'Título curto mas aceitável' }).warnings[0]).toMatch(/^Título com 26 caracteres/);
    expect(validateSeo({ ...good, title: 'Curto demais' }).errors[0]).toMatch(/^Título com 12 caracteres/);
  });
  it('checks the summary as the search snippet', () => {
    expect(validateSeo({ ...good, summary: 'Resumo curto.' }).validation_status).toBe('error');
    expect(validateSeo({ ...good, summary: 'x'.repeat(200) }).warnings[0]).toMatch(/^Resumo com 200 caracteres/);
  });
  it('counts words: under 150 is an error, under 300 a warning', () => {
    expect(validateSeo({ ...good, content: `<p>${words(100)}</p><p><a href="https://a.b">a</a></p>` }).errors).toContain(
      'Texto com 101 palavras: escreva pelo menos 300.',
    );
    expect(validateSeo({ ...good, content: `<p>${words(200)} <a href="https://a.b">a</a></p>` }).warnings).toContain(
      'Texto com 201 palavras: o ideal é pelo menos 300.',
    );
  });
  it('asks for section headings in long texts and alt text on images', () => {
    const result = validateSeo({ ...good, content: `<p>${words(400)} <a href="https://a.b">a</a></p><img src="/x.png">` });
    expect(result.warnings).toContain('Texto longo sem subtítulos (nível 2).');
    expect(result.warnings).toContain('1 imagem(ns) sem texto alternativo.');
  });
  it('warns about a text without links, about empty links and about long slugs', () => {
    const result = validateSeo({
      ...good,
      slug: 'um-slug-muito-longo-com-palavras-demais-para-o-endereco-da-materia-no-portal',
      content: `<p>${words(200)}</p><h2>Obras</h2><p>${words(200)}</p>`,
    });
    expect(result.warnings).toContain('Slug longo: prefira até 75 caracteres e 10 palavras.');
    expect(result.warnings).toContain('Nenhum link no texto: cite fontes e matérias relacionadas.');
    expect(validateSeo({ ...good, content: `${good.content}<a href="https://a.b"> </a>` }).warnings).toContain('1 link(s) sem texto.');
  });
});
