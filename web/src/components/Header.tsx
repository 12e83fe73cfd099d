// Site header (spec 2 "Header"): brand, news/events links, and the buttons of the visitor's state.
import { lazy, Suspense, useState } from 'react';
import { Anchor, Box, Burger, Button, Container, Group, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { SEARCH_PAGE_PATH } from '../../../shared/search';
import { useAuth } from '../auth/context';
import { useRoles } from '../auth/useMe';
import { HeaderSearchForm, HeaderSearchLink } from '../features/search/components/HeaderSearch';
import { notifyError, notifySuccess } from '../lib/notify';
import { headerLinks, offersWriting } from './header-nav';
import { AUTH_SIGN_UP_PATH } from './header-nav';

const MobileMenu = lazy(() => import('./MobileMenu'));
// Signed-in only, after hydration (the server renders the signed-out header): public pages never load it.
const NotificationBell = lazy(() => import('../features/notifications/components/NotificationBell'));

export function Header() {
  const { status, signOut } = useAuth();
  const roles = useRoles();
  const navigate = useNavigate();
  // The search page has its own box: the header's would be a second one, out of step with it.
  const onSearchPage = useLocation().pathname === SEARCH_PAGE_PATH;
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's chunk loads the first time the menu opens.
  const [menuUsed, setMenuUsed] = useState(false);

  async function handleSignOut() {
    close();
    // Leave a protected page first: signing out revokes the session on the server, and a protected
    // route that saw the sign-out before this navigation would send the reader to /auth instead.
    navigate('/');
    const ok = await signOut();
    if (ok) notifySuccess(MESSAGES.signOutSuccess);
    else notifyError(MESSAGES.signOutError);
  }

  const navLinks = (vertical: boolean) =>
    headerLinks(status === 'signedIn', roles, vertical).map((link) => (
      <Anchor
        key={link.to}
        component={NavLink}
        to={link.to}
        end={link.to === '/'}
        onClick={close}
        c="dark"
        fw={500}
        size={vertical ? 'lg' : 'sm'}
        className="nav-link"
      >
        {link.label}
      </Anchor>
    ));

  const signedOutActions = (vertical: boolean) => (
    <>
      <Button component={Link} to="/auth" variant="default" onClick={close} fullWidth={vertical}>
        Login
      </Button>
      {/* The tab in the address: a plain link opens it without the app too. */}
      <Button component={Link} to={AUTH_SIGN_UP_PATH} onClick={close} fullWidth={vertical}>
        Inscreva-se
      </Button>
    </>
  );

  const actions = (vertical: boolean) => {
    if (status === 'loading') {
      // The server renders this state for everyone (the page is cached): an anonymous reader, who
      // never gets the app, sees the signed-out buttons; a browser holding a session (the html class
      // the boot script sets before the first paint) sees the placeholder until it knows who reads.
      return (
        <>
          <span className="header-guest">{signedOutActions(vertical)}</span>
          <Skeleton height={34} width={vertical ? '100%' : 180} radius="sm" className="header-pending" />
        </>
      );
    }
    if (status === 'signedOut') return signedOutActions(vertical);
    return (
      <>
        <Button component={Link} to="/dashboard" variant="subtle" onClick={close} fullWidth={vertical}>
          Dashboard
        </Button>
        {offersWriting(roles) && (
          <Button component={Link} to="/create" onClick={close} fullWidth={vertical}>
            Escrever
          </Button>
        )}
        <Button variant="default" onClick={() => void handleSignOut()} fullWidth={vertical}>
          Sair
        </Button>
      </>
    );
  };

  return (
    <Box component="header" className="site-header" data-island="header-menu">
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          {/* One line at every width: the master's five links, the search box and three buttons fit from 1200 px on (the box is an icon below). */}
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" className="brand" aria-label="Portal Plural — início">
              <Text component="span" fw={800} fz={22} c="indigo.8">
                Portal Plural
              </Text>
            </Anchor>
            <Group component="nav" aria-label="Navegação principal" gap="md" wrap="nowrap" visibleFrom="md">
              {navLinks(false)}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {!onSearchPage && <HeaderSearchForm />}
            {!onSearchPage && <HeaderSearchLink />}
            {status === 'signedIn' && (
              // The bell's size is held while its chunk loads, so the buttons beside it do not jump.
              <Suspense fallback={<Box w={34} h={34} aria-hidden />}>
                <NotificationBell />
              </Suspense>
            )}
            {/* Without the app, the session island fills it in (and the phone's drawer copies it). */}
            <Group gap="xs" visibleFrom="md" wrap="nowrap" className="header-actions" data-island="session">
              {actions(false)}
            </Group>
            <Burger
              opened={opened}
              onClick={() => {
                setMenuUsed(true);
                toggle();
              }}
              hiddenFrom="md"
              aria-label="Abrir menu"
            />
          </Group>
        </Group>
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} links={navLinks(true)} actions={actions(true)} />
        </Suspense>
      )}
    </Box>
  );
}
