// Routes of the spec (section 2), as route objects (react-router's declarative mode, through
// useRoutes) so the server and the browser can tell which page an address shows before rendering
// it. Every screen but the home and the small "Em breve" page is a lazy chunk: the home stays light.
import { lazy, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import { ProtectedRoute } from './components/ProtectedRoute';
import { StaffGate } from './components/StaffGate';
import type { LazyPage } from './lib/lazy-page';
import { ArticlePage, AuthorPage, EventPage, EventsPage, NotFoundPage, PricingPage, PrivacyPage, SearchPage } from './pages';
import HomePage from './features/articles/pages/HomePage';
import ComingSoonPage from './features/system/pages/ComingSoonPage';

const AuthPage = lazy(() => import('./features/users/pages/AuthPage'));
const BecomeMasterPage = lazy(() => import('./features/users/pages/BecomeMasterPage'));
const DashboardPage = lazy(() => import('./features/users/pages/DashboardPage'));
const SettingsPage = lazy(() => import('./features/users/pages/SettingsPage'));
const ArticleEditorPage = lazy(() => import('./features/articles/pages/ArticleEditorPage'));
const MyArticlesPage = lazy(() => import('./features/articles/pages/MyArticlesPage'));
const MonitorPage = lazy(() => import('./features/analysis/pages/MonitorPage'));
const AdminPage = lazy(() => import('./features/admin/pages/AdminPage'));
const TagsPage = lazy(() => import('./features/articles/pages/TagsPage'));
const ApplyAuthorPage = lazy(() => import('./features/applications/pages/ApplyAuthorPage'));
const SubscriptionSuccessPage = lazy(() => import('./features/payments/pages/SubscriptionSuccessPage'));
// Signed-out visitors are told to sign in by the page itself (spec 6), not only redirected.
const EventEditorPage = lazy(() => import('./features/events/pages/EventEditorPage'));
const StoryboardPage = lazy(() => import('./features/storyboard/pages/StoryboardPage'));
const NewsletterPage = lazy(() => import('./features/newsletter/pages/NewsletterPage'));
const NewsletterComposePage = lazy(() => import('./features/newsletter/pages/ComposePage'));
// The pages the newsletter's e-mails link to: public, rendered in the browser (nothing to cache).
const NewsletterConfirmPage = lazy(() => import('./features/newsletter/pages/ConfirmPage'));
const NewsletterUnsubscribePage = lazy(() => import('./features/newsletter/pages/UnsubscribePage'));
const AnalyticsSettingsPage = lazy(() => import('./features/analytics/pages/AnalyticsSettingsPage'));
const ImportArticlesPage = lazy(() => import('./features/imports/pages/ImportArticlesPage'));

const signedIn = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;
/** A newsroom screen: signed in, and two-step verification on for staff (the API's MFA_REQUIRED). */
const staff = (element: ReactNode) => signedIn(<StaffGate>{element}</StaffGate>);
const soon = <ComingSoonPage />;

/** Routes built in later issues: they show the shared "Em breve" page. */
const PROTECTED_SOON: string[] = [];

/** The lazy page behind each route that has one, to load it ahead (see preloadPage). */
const PAGES = new Map<string, LazyPage>([
  ['/article/:slug', ArticlePage],
  ['/:location/:slug', ArticlePage],
  ['/author/:authorId', AuthorPage],
  ['/events', EventsPage],
  ['/events/:id', EventPage],
  ['/busca', SearchPage],
  ['/privacidade', PrivacyPage],
  ['/pricing', PricingPage],
  ['/404', NotFoundPage],
  ['*', NotFoundPage],
]);

const page = (path: string) => {
  const Page = PAGES.get(path);
  if (!Page) throw new Error(`no page for ${path}`);
  return { path, element: <Page /> };
};

export const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/become-master', element: <BecomeMasterPage /> },
      { path: '/dashboard', element: signedIn(<DashboardPage />) },
      { path: '/settings', element: signedIn(<SettingsPage />) },
      { path: '/create', element: staff(<ArticleEditorPage />) },
      { path: '/article/:id/edit', element: staff(<ArticleEditorPage />) },
      { path: '/my-articles', element: staff(<MyArticlesPage />) },
      { path: '/monitor', element: staff(<MonitorPage />) },
      { path: '/admin', element: staff(<AdminPage />) },
      { path: '/tags', element: staff(<TagsPage />) },
      { path: '/apply-author', element: <ApplyAuthorPage /> },
      page('/pricing'),
      { path: '/subscription-success', element: signedIn(<SubscriptionSuccessPage />) },
      { path: '/storyboard', element: staff(<StoryboardPage />) },
      { path: '/newsletter', element: staff(<NewsletterPage />) },
      { path: '/newsletter/nova', element: staff(<NewsletterComposePage />) },
      { path: '/newsletter/confirmar', element: <NewsletterConfirmPage /> },
      { path: '/newsletter/cancelar', element: <NewsletterUnsubscribePage /> },
      { path: '/analytics-settings', element: staff(<AnalyticsSettingsPage />) },
      { path: '/import-articles', element: staff(<ImportArticlesPage />) },
      page('/article/:slug'),
      page('/:location/:slug'),
      page('/author/:authorId'),
      page('/events'),
      page('/events/:id'),
      page('/busca'),
      page('/privacidade'),
      { path: '/events/create', element: <StaffGate><EventEditorPage /></StaffGate> },
      { path: '/events/:id/edit', element: <StaffGate><EventEditorPage /></StaffGate> },
      ...PROTECTED_SOON.map((path) => ({ path, element: signedIn(soon) })),
      page('/404'),
      page('*'),
    ],
  },
];

/**
 * The lazy page an address shows (the 404 page when the server said so), already loaded when this
 * resolves; undefined for pages in the main chunk or behind sign-in.
 */
export async function preloadPage(pathname: string, notFound = false): Promise<LazyPage | undefined> {
  const leaf = matchRoutes(ROUTES, pathname)?.at(-1)?.route.path;
  const found = notFound ? NotFoundPage : leaf ? PAGES.get(leaf) : undefined;
  await found?.preload();
  return found;
}

export function AppRoutes() {
  return useRoutes(ROUTES);
}
