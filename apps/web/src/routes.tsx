// The route table (spec §2). Each route's id is its name: the path lower-cased with slashes
// and query removed. Login, forget, register and registerInfoEdit are single pages outside the
// workspace; /main is the workspace whose child routes (inHome, exHome, testIframes, iframe,
// reportBackExportList and every business screen) open as tabs; /iframeBox holds an embedded
// page alone. The guard keeps everything but the public pages behind the login page.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { localeOf } from '@srm/kernel/texts';
import { routeName } from '@srm/platform-ui/core';
import { RouteGuard } from './auth/RouteGuard';
import { savedLanguage } from './i18n';
import { lazyScreen, PageLoading, ScreenFrame } from './shell/lazyScreen';

interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** The workspace with the labels of the language shown, fetched side by side (not one after the other). */
async function loadWorkspace(): Promise<{ default: ComponentType }> {
  const [workspace] = await Promise.all([
    import('./shell/workspace/Workspace'),
    import('./shell/labels').then((labels) => labels.loadLabels(localeOf(savedLanguage()))),
  ]);
  return workspace;
}

export const pageRoutes: PageRoute[] = [
  { path: '/', load: () => import('./pages/login/LoginPage') },
  { path: '/login', load: () => import('./pages/login/LoginPage') },
  { path: '/forget', load: () => import('./pages/forget/ForgetPage') },
  { path: '/register', load: () => import('./pages/register/RegisterPage') },
  { path: '/registerInfoEdit', load: () => import('./pages/register/RegisterInfoEditPage') },
  { path: '/main/*', load: loadWorkspace },
  { path: '/iframeBox', load: () => import('./pages/embed/IframeBoxPage') },
  { path: '*', load: () => import('./pages/NotFoundPage') },
];

function element(load: PageRoute['load']) {
  const Page = lazyScreen(load);
  return (
    <ScreenFrame fallback={<PageLoading />}>
      <Page />
    </ScreenFrame>
  );
}

/** '/' is the login page too; '*' is the fallback page. */
function idOf(path: string): string {
  if (path === '/') return 'index';
  if (path === '*') return 'fallback';
  return routeName(path.replace('/*', ''));
}

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: pageRoutes.map(({ path, load }) => ({ id: idOf(path), path, element: element(load) })),
  },
];
