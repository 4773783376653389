// The route table. Every screen is code-split; names follow the spec (path lower-cased). The
// workspace at /main holds the business screens as tabs.
import type { RouteObject } from 'react-router';
import { lazyScreen, ScreenFrame } from './shell/lazyScreen';

const WelcomePage = lazyScreen(() => import('./pages/WelcomePage'));
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'));
const Workspace = lazyScreen(() => import('./shell/workspace/Workspace'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <ScreenFrame>
        <WelcomePage />
      </ScreenFrame>
    ),
  },
  {
    path: '/main/*',
    element: (
      <ScreenFrame>
        <Workspace />
      </ScreenFrame>
    ),
  },
  {
    path: '*',
    element: (
      <ScreenFrame>
        <NotFoundPage />
      </ScreenFrame>
    ),
  },
];
