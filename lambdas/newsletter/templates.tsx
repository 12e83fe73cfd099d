// The newsletter's e-mails, in pt-BR, each with its plain-text part: an edition (the master's
// introduction, the featured articles, a footer saying why it came and how to stop it, the open
// pixel) and the confirmation of a sign-up (double opt-in). The preview, the test send and every
// subscriber's copy all go through editionMail, so the preview is exactly what is sent.
import { Hr, Img, Link, Section, Text } from '@react-email/components';
import { NEWSLETTER_CONSENT, NEWSLETTER_LIMITS, type EditionArticle } from '../../shared/newsletter';
import { MailButton, MailHeading, MailLayout, MailParagraph, renderEmail } from '../mail/public';
import type { RecipientLinks } from './links';

const BRAND = '#3b5bdb';
const INK = '#1f2328';
const MUTED = '#5f6670';
const PREMIUM = '#b45309';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface EditionContent {
  subject: string;
  intro: string;
  articles: EditionArticle[];
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n|\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A cover stored as a site path (/media/…) becomes an absolute address: mail clients have no base. */
const absolute = (siteUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`);

function ArticleBlock({ article, href, siteUrl }: { article: EditionArticle; href: string; siteUrl: string }) {
  return (
    <Section style={{ margin: '20px 0 0', paddingTop: '20px', borderTop: '1px solid #e5e7eb' }}>
      {article.cover_url ? (
        <Link href={href} data-skip-in-text="true">
          <Img src={absolute(siteUrl, article.cover_url)} alt={article.title} width="536" style={{ width: '100%', maxWidth: '536px', height: 'auto', borderRadius: '6px' }} />
        </Link>
      ) : null}
      {article.city || article.is_premium ? (
        <Text style={{ margin: '12px 0 0', fontSize: '12px', lineHeight: '16px', letterSpacing: '1px', textTransform: 'uppercase', color: MUTED }}>
          {article.city ?? ''}
          {article.city && article.is_premium ? ' · ' : ''}
          {article.is_premium ? <span style={{ color: PREMIUM, fontWeight: 700 }}>Exclusivo para assinantes</span> : null}
        </Text>
      ) : null}
      <Text style={{ margin: '6px 0 0', fontSize: '20px', lineHeight: '26px', fontWeight: 700 }}>
        <Link href={href} style={{ color: INK, textDecoration: 'none' }}>
          {article.title}
        </Link>
      </Text>
      {article.summary ? <Text style={{ margin: '6px 0 0', fontSize: '15px', lineHeight: '22px', color: MUTED }}>{article.summary}</Text> : null}
      {article.excerpt ? <MailParagraph>{article.excerpt}</MailParagraph> : null}
      {/* The title's link already leads there in the plain text. */}
      <Text data-skip-in-text="true" style={{ margin: '4px 0 0', fontSize: '15px', lineHeight: '22px' }}>
        <Link href={href} style={{ color: BRAND, textDecoration: 'underline' }}>
          {article.is_premium ? 'Continue lendo no portal (assinantes)' : 'Leia a matéria completa'}
        </Link>
      </Text>
    </Section>
  );
}

export function EditionEmail({ edition, links, siteUrl, articleHref }: { edition: EditionContent; links: RecipientLinks; siteUrl: string; articleHref: (article: EditionArticle) => string }) {
  const intro = paragraphs(edition.intro);
  const footer = (
    <>
      <Text style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: MUTED }}>
        Você recebe esta newsletter porque se inscreveu para receber as notícias do Portal Plural por e-mail.{' '}
        <Link href={links.unsubscribePage} style={{ color: MUTED, textDecoration: 'underline' }}>
          Cancelar inscrição
        </Link>
      </Text>
      <Img src={links.openPixel} alt="" width="1" height="1" style={{ display: 'block', width: '1px', height: '1px', border: 0 }} />
    </>
  );
  return (
    <MailLayout preview={intro[0] ?? edition.subject} footer={footer}>
      <MailHeading>{edition.subject}</MailHeading>
      {intro.map((paragraph, index) => (
        <MailParagraph key={index}>{paragraph}</MailParagraph>
      ))}
      {edition.articles.map((article) => (
        <ArticleBlock key={article.id} article={article} href={links.click(articleHref(article))} siteUrl={siteUrl} />
      ))}
      <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 0' }} />
    </MailLayout>
  );
}

/** One recipient's copy of an edition (links signed for them). */
export async function editionMail(edition: EditionContent, links: RecipientLinks, siteUrl: string, articleHref: (article: EditionArticle) => string): Promise<RenderedMail> {
  const { html, text } = await renderEmail(<EditionEmail edition={edition} links={links} siteUrl={siteUrl} articleHref={articleHref} />);
  return { subject: edition.subject, html, text };
}

export const CONFIRMATION_SUBJECT = 'Confirme sua inscrição na newsletter do Portal Plural';

export function ConfirmationEmail({ email, name, confirmUrl }: { email: string; name: string | null; confirmUrl: string }) {
  const footer = (
    <Text style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: MUTED }}>
      {`Você recebeu este e-mail porque alguém pediu para inscrever ${email} na newsletter do Portal Plural.`}
    </Text>
  );
  return (
    <MailLayout preview="Falta só um clique para receber a newsletter." footer={footer}>
      <MailHeading>Confirme sua inscrição</MailHeading>
      <MailParagraph>{`${name ? `Olá, ${name}!` : 'Olá!'} Recebemos um pedido para inscrever ${email} na newsletter do Portal Plural.`}</MailParagraph>
      <MailParagraph>{`Ao confirmar, você declara: “${NEWSLETTER_CONSENT.text}”`}</MailParagraph>
      <MailButton href={confirmUrl}>Confirmar inscrição</MailButton>
      <MailParagraph>{`Este link vale por ${NEWSLETTER_LIMITS.confirmHours} horas. Se ele expirar, basta se inscrever de novo.`}</MailParagraph>
      <MailParagraph>Se não foi você, ignore este e-mail: sem a confirmação, não enviaremos nada.</MailParagraph>
    </MailLayout>
  );
}

export async function confirmationMail(email: string, name: string | null, confirmUrl: string): Promise<RenderedMail> {
  const { html, text } = await renderEmail(<ConfirmationEmail email={email} name={name} confirmUrl={confirmUrl} />);
  return { subject: CONFIRMATION_SUBJECT, html, text };
}
