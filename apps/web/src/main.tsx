import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { TOAST } from '@srm/kernel';
import { initI18n } from './i18n';
import { LanguageProvider } from './shell/language';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

await initI18n();
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <AntApp message={{ top: TOAST.top, duration: TOAST.durationSeconds }}>
          <RouterProvider router={router} />
        </AntApp>
      </LanguageProvider>
    </QueryClientProvider>
  </StrictMode>,
);
