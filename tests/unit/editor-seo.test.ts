import { describe, expect, it } from 'vitest';
import { textOf } from '../../lambdas/articles/sanitize';
import { seoText, validateSeo } from '../../shared/seo-rules';
import { EMPTY_FORM, tagLimitMessage } from '../../web/src/features/articles/lib/form-values';
import { liveSeo, publishNeedsConfirmation } from '../../web/src/features/articles/lib/seo';

const words = (count: number) => Array.from({ length: count }, (_, index) => `palavra${index}`).join(' ');
const form = {
  ...EMPTY_FORM,
  title: 'Prefeitura amplia corredores de ônibus na zona sul',
  slug: 'prefeitura-amplia-corredores-de-onibus',
  summary: 'Novo corredor reduz em até vinte minutos o trajeto de quem vai ao centro; obras terminam em março, segundo a secretaria.',
  content: `<p>${words(200)}</p><h2>Obras</h2><p>${words(200)} <a href="https://www.gov.br">fonte</a></p>`,
  cover_image: '/media/u1/1.png',
  tags: ['transporte'],
};

describe('the SEO rules live in the editor', () => {
  it("judge the form's values as the worker judges the published article", () => {
    expect(liveSeo(form)).toEqual({ validation_status: 'valid', errors: [], warnings: [] });
    const thin = { ...form, content: `<p>${words(76)}</p>` };
    expect(liveSeo(thin)).toEqual(validateSeo(thin));
    expect(liveSeo(thin).errors).toContain('Texto com 76 palavras: escreva pelo menos 300.');
  });
  it('follow every keystroke: a cover and enough words turn errors into a clean verdict', () => {
    const draft = { ...form, cover_image: '', content: `<p>${words(100)} <a href="/x">x</a></p>` };
    expect(liveSeo(draft).validation_status).toBe('error');
    expect(liveSeo({ ...draft, cover_image: '/media/u1/1.png', content: form.content }).validation_status).toBe('valid');
  });
  it('ask for confirmation before publishing only when they find errors', () => {
    expect(publishNeedsConfirmation(liveSeo({ ...form, content: `<p>${words(76)}</p>` }))).toBe(true);
    expect(publishNeedsConfirmation(liveSeo({ ...form, slug: `${form.slug}-${words(12).replace(/ /g, '-')}` }))).toBe(false);
    expect(publishNeedsConfirmation(liveSeo(form))).toBe(false);
  });
  it("count the words the worker counts on the server's sanitized HTML", () => {
    const samples = [
      '<p>Um&nbsp;dois</p>\n<p>três</p>',
      '<h2>Título</h2><p>a <strong>b</strong> c<br>d</p><ul><li>e</li><li>f</li></ul><blockquote><p>g &amp; h</p></blockquote>',
      '<p>texto <a href="https://a.b/?x=1&amp;y=2" rel="noopener noreferrer nofollow">link</a></p><img src="/media/a.png" alt="a &gt; b" /><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/x"></iframe></div>',
    ];
    for (const html of samples) expect(seoText(html)).toBe(textOf(html));
  });
});

describe('the tag limit', () => {
  const ten = Array.from({ length: 10 }, (_, index) => `tag${index}`);
  it('explains itself while an 11th tag is typed', () => {
    expect(tagLimitMessage(ten, ' chuva ')).toBe('Limite de 10 tags atingido: remova uma tag para adicionar “chuva”.');
  });
  it('says nothing below the limit or with nothing typed', () => {
    expect(tagLimitMessage(ten.slice(1), 'chuva')).toBeNull();
    expect(tagLimitMessage(ten, '  ')).toBeNull();
  });
});
