import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { TOAST, localeOf } from '@srm/kernel';
import { PlatformProvider } from '@srm/platform-ui';
import { onSessionEnded } from './auth/session';
import { initI18n } from './i18n';
import { platformApi } from './platformApi';
import { LanguageProvider, useLanguage } from './shell/language';
import { catalogue } from './shell/workspace/screens';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

await initI18n();
const router = createBrowserRouter(routes);

// A session the server ended (expired, signed out elsewhere, password changed): forget what it
// loaded and show the login page with the server's message.
onSessionEnded((message) => {
  queryClient.clear();
  void router.navigate('/', { replace: true, state: { notice: message } });
});

/** The toolkit's texts and client for the pages outside the workspace (login, registration). */
function Toolkit({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return (
    <PlatformProvider api={platformApi} catalogue={catalogue} locale={localeOf(language)}>
      {children}
    </PlatformProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <AntApp message={{ top: TOAST.top, duration: TOAST.durationSeconds }}>
          <Toolkit>
            <RouterProvider router={router} />
          </Toolkit>
        </AntApp>
      </LanguageProvider>
    </QueryClientProvider>
  </StrictMode>,
);
