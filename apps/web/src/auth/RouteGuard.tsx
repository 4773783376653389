// The navigation guard (spec §2): without an authorization code only the login, registration and
// forgotten-password pages are reachable, any other path goes to the login page at the root,
// which returns to a workspace path after sign-in when the page was opened signed out (a link
// from an e-mail), not after a sign-out.
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

/** A path of the workspace worth returning to after sign-in (not its bare root), else null. */
export function workspaceLink(path: unknown): string | null {
  if (typeof path !== 'string' || !/^\/main\/[^/?#]/.test(path)) return null;
  return path.length <= 2000 ? path : null;
}

/**
 * Set once this page has had a session: a guard turning the user away after that is a sign-out
 * or a session that ended, and the next user to sign in on this page must not land on the last
 * one's page. A link opened afresh (an e-mail's) loads the page signed out.
 */
let sessionSeen = false;

export function RouteGuard() {
  const location = useLocation();
  const session = useStoredSession();
  if (session) sessionSeen = true;
  const allowed = !!session || isPublicPath(location.pathname);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.pathname]);
  if (!allowed) {
    // A session the server ended: the login page says why.
    // A link into the workspace (an e-mail's) is kept: the login page goes there after sign-in.
    const notice = lastEndedMessage();
    const from = sessionSeen ? null : workspaceLink(`${location.pathname}${location.search}`);
    return (
      <Navigate
        to="/"
        replace
        state={notice || from ? { ...(notice ? { notice } : {}), ...(from ? { from } : {}) } : undefined}
      />
    );
  }
  return <Outlet />;
}
