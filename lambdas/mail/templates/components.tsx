// The portal's e-mail frame and its building blocks, over react-email's components: inline styles
// only (mail clients drop <style> and web fonts), a single 600px column that narrows on phones.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

// The web theme's primary colour (Mantine indigo, shade 8) and the fonts around its Inter and Georgia.
const BRAND = '#3b5bdb';
const INK = '#1f2328';
const MUTED = '#5f6670';
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const SERIF = 'Georgia, "Times New Roman", "Noto Serif", serif';

const PORTAL_NAME = 'Portal Plural';

export function MailLayout({ preview, children, footer }: { preview: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="pt-BR" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', margin: 0, padding: '24px 0', fontFamily: SANS, color: INK }}>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto' }}>
          <Section style={{ backgroundColor: '#ffffff', borderTop: `4px solid ${BRAND}`, borderRadius: '8px', overflow: 'hidden' }}>
            {/* The masthead is the HTML's: the plain text opens with the message itself. */}
            <Section data-skip-in-text="true" style={{ padding: '24px 32px 16px', borderBottom: '1px solid #e5e7eb' }}>
              <Text style={{ margin: 0, fontFamily: SERIF, fontSize: '26px', lineHeight: '32px', fontWeight: 700, letterSpacing: '-0.3px', color: INK }}>
                {PORTAL_NAME}
              </Text>
              <Text style={{ margin: '4px 0 0', fontSize: '12px', lineHeight: '16px', letterSpacing: '1.2px', textTransform: 'uppercase', color: BRAND }}>
                Notícias da sua região
              </Text>
            </Section>
            <Section style={{ padding: '8px 32px 24px' }}>{children}</Section>
          </Section>
          <Section style={{ padding: '16px 32px' }}>
            {footer ?? <MailFootnote>Você recebeu este e-mail porque tem uma conta no {PORTAL_NAME}.</MailFootnote>}
            <Hr data-skip-in-text="true" style={{ borderColor: '#e5e7eb', margin: '12px 0' }} />
            <MailFootnote>{PORTAL_NAME} · jornalismo local, plural e independente</MailFootnote>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ margin: '16px 0 8px', fontFamily: SERIF, fontSize: '24px', lineHeight: '30px', fontWeight: 700, color: INK }}>
      {children}
    </Heading>
  );
}

export function MailParagraph({ children }: { children: ReactNode }) {
  return <Text style={{ margin: '12px 0', fontSize: '16px', lineHeight: '26px', color: INK }}>{children}</Text>;
}

export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0 8px' }}>
      <Button
        href={href}
        style={{ backgroundColor: BRAND, color: '#ffffff', borderRadius: '6px', padding: '12px 22px', fontSize: '16px', lineHeight: '20px', fontWeight: 600, textDecoration: 'none' }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Small print for the footer. */
export function MailFootnote({ children }: { children: ReactNode }) {
  return <Text style={{ margin: 0, fontSize: '12px', lineHeight: '18px', color: MUTED }}>{children}</Text>;
}

export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: BRAND, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

export function MailSignature() {
  return <Text style={{ margin: '20px 0 0', fontSize: '16px', lineHeight: '26px', color: MUTED }}>Equipe {PORTAL_NAME}</Text>;
}
