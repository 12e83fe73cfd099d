// The providers around the routes, the same on the server and in the browser (entry-server.tsx,
// main.tsx), so the HTML the server sends is the markup the browser hydrates.
import { lazy, StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider';
import { RenderContext, type RenderInfo } from './lib/render-context';
import { theme } from './theme';

// The toast container is a lazy chunk; toasts raised before it loads wait in the notifications store.
const ToastHost = lazy(() => import('./components/ToastHost'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Mounted after hydration only: the server has no toasts to show. */
function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

export function AppProviders({ queryClient, info, children }: { queryClient: QueryClient; info: RenderInfo; children: ReactNode }) {
  return (
    <StrictMode>
      <RenderContext.Provider value={info}>
        <MantineProvider theme={theme} forceColorScheme="light">
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <AuthProvider>{children}</AuthProvider>
          </QueryClientProvider>
        </MantineProvider>
      </RenderContext.Provider>
    </StrictMode>
  );
}
