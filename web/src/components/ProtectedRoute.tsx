// Signed-in only: an anonymous visitor goes to /auth once the first session check is done.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/context';
import { PageLoader } from './PageLoader';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader label="Verificando sessão..." />;
  if (status === 'signedOut' && signedOutByUser) return <Navigate to="/" replace />;
  if (status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
