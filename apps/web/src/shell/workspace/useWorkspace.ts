// The workspace's navigation: the location opens or activates tabs (at most 15), tabs close
// (asking first when they hold unsaved changes), refresh (re-routed to the tab's saved route),
// and screens get their navigator. A screen opened from another carries its menuId and respId
// on, as they scope the buttons of the page.
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { MAX_OPEN_TABS } from '@srm/kernel';
import { type ScreenNavigator, type ScreenParams, useConfirm } from '@srm/platform-ui';
import { HOME_ID, type Tab, TabStore, isHomePath, normalizeSearch, tabUrl } from './tabs';
import { useTitles } from './useTitles';

export function toSearch(params: ScreenParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  return normalizeSearch(search.toString());
}

/** The parameters that scope a page's buttons (spec §2), carried from a tab to what it opens. */
export const SCOPE_PARAMS = ['menuId', 'respId'] as const;

export function scopedParams(from: string, params: ScreenParams = {}): ScreenParams {
  const source = new URLSearchParams(from);
  const scoped: Record<string, string | number | null | undefined> = { ...params };
  for (const name of SCOPE_PARAMS) {
    if (scoped[name] === undefined && source.get(name)) scoped[name] = source.get(name);
  }
  return scoped;
}

/** The browser tab's session storage (it survives F5, not a closed window), when there is one. */
function sessionMemory(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function useWorkspace(homePath: string, userId?: number) {
  const store = useMemo(
    () => new TabStore(homePath, userId === undefined ? undefined : sessionMemory(), `srm.tabs.${userId}`),
    [homePath, userId],
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { tabTitle } = useTitles();
  const scrollTops = useRef(new Map<string, () => void>());

  const warnFull = useCallback(
    () => void message.warning(t('shell.tabs.tooMany', { max: MAX_OPEN_TABS })),
    [message, t],
  );

  /**
   * Navigates unless already there (a duplicate navigation is ignored) or the tabs are full.
   * "There" is the browser's address, which a navigation changes at once — not the location last
   * drawn: under load the drawing lags, and a second tab clicked before the first was drawn was
   * taken for the tab already shown and ignored, leaving the first one selected.
   */
  const go = useCallback(
    (path: string, search = '') => {
      const url = tabUrl({ path, search: normalizeSearch(search) });
      if (url === `${window.location.pathname}${window.location.search}`) return;
      if (!store.findByKey(path, search) && store.full) return warnFull();
      navigate(url);
    },
    [navigate, store, warnFull],
  );

  // The location decides the active tab; a new location opens a tab.
  useEffect(() => {
    const rest = decodeURIComponent(location.pathname.replace(/^\/main\/?/, ''));
    if (!rest || (isHomePath(rest) && rest !== homePath)) {
      // /main, and the other side's home, show the user's own home.
      navigate(`/main/${homePath}`, { replace: true });
      return;
    }
    if (isHomePath(rest)) return store.activate(HOME_ID);
    const existing = store.findByKey(rest, location.search);
    if (existing) return store.activate(existing.id);
    if (store.full) {
      warnFull();
      navigate(tabUrl(store.active), { replace: true });
      return;
    }
    const tab = store.open(rest, location.search);
    requestAnimationFrame(() => scrollTops.current.get(tab.id)?.());
  }, [location.pathname, location.search, navigate, store, warnFull, homePath]);

  const confirmLoss = useCallback(
    async (tabs: readonly (Tab | undefined)[], kind: 'close' | 'refresh') => {
      const dirty = tabs.filter((tab): tab is Tab => !!tab?.dirty);
      if (!dirty.length) return true;
      const content =
        kind === 'refresh'
          ? t('shell.leave.refresh', { title: tabTitle(dirty[0]!) })
          : dirty.length === 1
            ? t('shell.leave.one', { title: tabTitle(dirty[0]!) })
            : t('shell.leave.many', { count: dirty.length });
      return confirm({
        title: t('shell.leave.title'),
        content,
        okText: t(kind === 'refresh' ? 'shell.leave.refreshOk' : 'shell.leave.ok'),
        okButtonProps: { danger: true },
        cancelText: t('shell.cancel'),
      });
    },
    [confirm, t, tabTitle],
  );

  const close = useCallback(
    async (ids: readonly string[]) => {
      if (
        !(await confirmLoss(
          ids.map((id) => store.find(id)),
          'close',
        ))
      )
        return;
      const before = store.active.id;
      const next = store.close(ids);
      if (next.id !== before) navigate(tabUrl(next));
    },
    [confirmLoss, navigate, store],
  );

  /** Reloads a tab's screen and re-routes to the tab's saved route. */
  const refresh = useCallback(
    async (id: string) => {
      const tab = store.find(id);
      if (!tab || !(await confirmLoss([tab], 'refresh'))) return;
      store.update(id, { generation: tab.generation + 1, dirty: false });
      if (store.active.id !== id) navigate(tabUrl(tab));
      scrollTops.current.get(id)?.();
    },
    [confirmLoss, navigate, store],
  );

  /** Closes every tab but home without asking (the responsibility changed: their buttons did too). */
  const resetTabs = useCallback(() => {
    const others = store.all.filter((tab) => tab.id !== HOME_ID);
    if (!others.length) return 0;
    store.close(others.map((tab) => tab.id));
    navigate(tabUrl(store.active));
    return others.length;
  }, [navigate, store]);

  const createNavigator = useCallback(
    (id: string): ScreenNavigator => ({
      open: (path, params) => go(path, toSearch(scopedParams(store.find(id)?.search ?? '', params))),
      replace: (params) => {
        const search = toSearch(scopedParams(store.find(id)?.search ?? '', params));
        store.update(id, { search });
        const tab = store.find(id);
        if (tab && store.active.id === id) navigate(tabUrl(tab), { replace: true });
      },
      close: () => void close([id]),
      setTitle: (title) => store.update(id, { title, titleLocale: i18n.language }),
      setDirty: (dirty) => store.update(id, { dirty }),
    }),
    [close, go, navigate, store, i18n],
  );
  /** The navigator of a tab: the same object for as long as the workspace's callbacks hold. */
  // A new cache whenever createNavigator changes.
  const navigators = useMemo(() => new Map<string, ScreenNavigator>(), [createNavigator]);
  const navigatorOf = useCallback(
    (id: string) => {
      let navigator = navigators.get(id);
      if (!navigator) navigators.set(id, (navigator = createNavigator(id)));
      return navigator;
    },
    [navigators, createNavigator],
  );

  // Leaving the page with unsaved changes asks the browser's question.
  const anyDirty = snapshot.tabs.some((tab) => tab.dirty);
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  return {
    ...snapshot,
    homePath,
    store,
    go,
    close,
    refresh,
    resetTabs,
    navigatorOf,
    scrollTops: scrollTops.current,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
