// Routes of the spec (section 2). Every screen but the home and the small "Em breve" page is a lazy chunk:
// the home stays light.
import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout';
import { ProtectedRoute } from './components/ProtectedRoute';
import HomePage from './features/articles/pages/HomePage';
import ComingSoonPage from './features/system/pages/ComingSoonPage';

const AuthPage = lazy(() => import('./features/users/pages/AuthPage'));
const BecomeMasterPage = lazy(() => import('./features/users/pages/BecomeMasterPage'));
const DashboardPage = lazy(() => import('./features/users/pages/DashboardPage'));
const SettingsPage = lazy(() => import('./features/users/pages/SettingsPage'));
const ArticlePage = lazy(() => import('./features/articles/pages/ArticlePage'));
const ArticleEditorPage = lazy(() => import('./features/articles/pages/ArticleEditorPage'));
const MyArticlesPage = lazy(() => import('./features/articles/pages/MyArticlesPage'));
const NotFoundPage = lazy(() => import('./features/system/pages/NotFoundPage'));

const signedIn = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;
const soon = <ComingSoonPage />;

/** Routes built in later issues: they show the shared "Em breve" page. */
const PROTECTED_SOON = [
  '/admin',
  '/monitor',
  '/storyboard',
  '/newsletter',
  '/analytics-settings',
  '/import-articles',
  '/events/create',
  '/events/:id/edit',
];
const PUBLIC_SOON = [
  '/apply-author',
  '/pricing',
  '/subscription-success',
  '/events',
  '/events/:id',
  '/author/:authorId',
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/become-master" element={<BecomeMasterPage />} />
        <Route path="/dashboard" element={signedIn(<DashboardPage />)} />
        <Route path="/settings" element={signedIn(<SettingsPage />)} />
        <Route path="/create" element={signedIn(<ArticleEditorPage />)} />
        <Route path="/article/:id/edit" element={signedIn(<ArticleEditorPage />)} />
        <Route path="/my-articles" element={signedIn(<MyArticlesPage />)} />
        <Route path="/article/:slug" element={<ArticlePage />} />
        <Route path="/:location/:slug" element={<ArticlePage />} />
        {PROTECTED_SOON.map((path) => (
          <Route key={path} path={path} element={signedIn(soon)} />
        ))}
        {PUBLIC_SOON.map((path) => (
          <Route key={path} path={path} element={soon} />
        ))}
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
