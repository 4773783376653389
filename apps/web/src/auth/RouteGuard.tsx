// The navigation guard (spec §2): without an authorization code only the login, registration and
// forgotten-password pages are reachable, any other path goes to the login page at the root.
// After a navigation the window scrolls to the top (the loading bar ends with the page's
// fallback). Duplicate navigations never fail here: the workspace skips them before navigating.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { routeName } from '@srm/platform-ui/core';
import { lastEndedMessage, useStoredSession } from './session';

/** Route names reachable without signing in ('' is the root, the login page). */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '',
  'login',
  'register',
  'registerinfoedit',
  'forget',
]);

/** The route name of a location's first path segment: '/registerInfoEdit?x' → 'registerinfoedit'. */
export function topRouteName(pathname: string): string {
  return routeName(pathname.replace(/^\/+/, '').split('/')[0] ?? '');
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTES.has(topRouteName(pathname));
}

export function RouteGuard() {
  const location = useLocation();
  const session = useStoredSession();
  const allowed = !!session || isPublicPath(location.pathname);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.pathname]);
  if (!allowed) {
    // A session the server ended: the login page says why.
    const notice = lastEndedMessage();
    return <Navigate to="/" replace state={notice ? { notice } : undefined} />;
  }
  return <Outlet />;
}
