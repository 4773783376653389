import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { type Catalogue, TOAST, localeOf } from '@srm/kernel/texts';
import { PlatformProvider } from '@srm/platform-ui/core';
import { onSessionEnded } from './auth/session';
import { initI18n, savedLanguage } from './i18n';
import { platformApi } from './platformApi';
import { LanguageProvider, prepareLanguage, useLanguage } from './shell/language';
import { routes } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter(routes);

// A session the server ended (expired, signed out elsewhere, password changed): forget what it
// loaded and show the login page with the server's message.
onSessionEnded((message) => {
  queryClient.clear();
  void router.navigate('/', { replace: true, state: { notice: message } });
});

// The login page shows no toolkit labels: the pages outside the workspace that do bring their
// labels (PageLabels), the workspace its own, so that the login page loads none of them.
const NO_LABELS: Catalogue = { 'zh-CN': {}, en: {} };

/** The toolkit's texts and client for the pages outside the workspace (login, registration). */
function Toolkit({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return (
    <PlatformProvider api={platformApi} catalogue={NO_LABELS} locale={localeOf(language)}>
      {children}
    </PlatformProvider>
  );
}

// The saved language's texts (and antd's English) load before the first draw. Not awaited at
// the top of this module: antd's English locale is a chunk that imports this start chunk, and a
// top-level await on it never settled (an English reader's reload drew a blank page).
void initI18n()
  .then(() => prepareLanguage(savedLanguage()))
  .then(draw);

function draw(): void {
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
}
