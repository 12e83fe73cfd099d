// Browser entry: providers and the router around the app's routes.
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { AppRoutes } from './App';
import { AuthProvider } from './auth/AuthProvider';
import { theme } from './theme';

// The toast container is a lazy chunk; toasts raised before it loads wait in the notifications store.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-right" limit={4} containerWidth={380} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
