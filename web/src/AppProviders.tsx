// The providers around the routes, the same on the server and in the browser (entry-server.tsx,
// main.tsx), so the HTML the server sends is the markup the browser hydrates.
import { lazy, StrictMode, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider';
import { RenderContext, type RenderInfo } from './lib/render-context';
import { theme } from './theme';

// The toast container is a lazy chunk, loaded with the first toast: its script and stylesheet (a new
// stylesheet restyles the whole page) stay off the many pages that raise none. Toasts wait in the
// notifications store meanwhile.
const ToastHost = lazy(() => import('./components/ToastHost'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
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
