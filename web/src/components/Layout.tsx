import { Suspense } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { usePremiumHint } from '../auth/premium';
import { useRenderInfo } from '../lib/render-context';
import { NotFoundPage } from '../pages';
import { NewsletterSignup } from '../features/newsletter/components/NewsletterSignup';
import { ConsentBanner } from '../features/privacy/components/ConsentBanner';
import { useStaffEvent } from '../features/events/hooks/useStaffEvent';
import { openConsentPreferences } from '../features/privacy/consent-store';
import { PRIVACY_PATH } from '../features/privacy/paths';
import { Header } from './Header';
import { PageLoader } from './PageLoader';

export function Layout() {
  const { notFound, staffMayView } = useRenderInfo();
  const location = useLocation();
  usePremiumHint();
  // The address the server answered 404 for (the first history entry) shows the 404 page it rendered,
  // unless it is a draft event that the API shows this signed-in reader (its organizer, the staff).
  const first404 = notFound && location.key === 'default';
  const shownToStaff = useStaffEvent(first404 && Boolean(staffMayView), location.pathname);
  const served404 = first404 && !shownToStaff;
  // The newsletter's own pages (the master's desk, the links of its e-mails) offer no sign-up.
  const signup = location.pathname !== '/newsletter' && !location.pathname.startsWith('/newsletter/');
  return (
    <Box className="app-shell">
      {/* First in the document for screen readers, shown at the bottom; only after hydration (the app)
          or once its island runs (web/src/islands/consent.island.ts). */}
      <div data-island="consent">
        <ConsentBanner />
      </div>
      <Header />
      <Box component="main" className="app-main">
        <Suspense fallback={<PageLoader />}>
          {served404 ? <NotFoundPage /> : <Outlet />}
        </Suspense>
      </Box>
      <Box component="footer" className="site-footer">
        <Container size="lg">
          {signup && <NewsletterSignup source="footer" />}
          <Group justify="space-between" py="lg" gap="xs">
            <Text size="sm" c="dimmed">
              Portal Plural — jornal plural e comunidade de escritores.
            </Text>
            <Group gap="md">
              <Anchor component={Link} to="/events" size="sm" c="dimmed">
                Eventos
              </Anchor>
              <Anchor component={Link} to="/pricing" size="sm" c="dimmed">
                Assinatura
              </Anchor>
              <Anchor component={Link} to="/apply-author" size="sm" c="dimmed">
                Seja um autor
              </Anchor>
              <Anchor component={Link} to={PRIVACY_PATH} size="sm" c="dimmed">
                Privacidade
              </Anchor>
              <Anchor component="button" type="button" size="sm" c="dimmed" onClick={openConsentPreferences} data-island="consent">
                Preferências de cookies
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
