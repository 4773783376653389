// The route table. Every screen is code-split; names follow the spec (path lower-cased).
import type { RouteObject } from 'react-router';
import { lazyScreen, ScreenFrame } from './shell/lazyScreen';

const WelcomePage = lazyScreen(() => import('./pages/WelcomePage'));
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage'));

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
    path: '*',
    element: (
      <ScreenFrame>
        <NotFoundPage />
      </ScreenFrame>
    ),
  },
];
