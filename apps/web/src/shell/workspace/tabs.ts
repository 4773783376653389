// The open tabs of the workspace: a small synchronous store (the router's location and the tab
// list must agree even when their updates land in different renders). A tab is identified by
// its route name and its sorted query, so opening the same page twice activates it. The pinned
// home tab is the internal home (inHome) or, for supplier users, the external home (exHome).
import { MAX_OPEN_TABS } from '@srm/kernel';
import { routeName } from '@srm/platform-ui';

export const IN_HOME = 'inHome';
export const EX_HOME = 'exHome';
export const HOME_ID = 'home';

export function homePathOf(userType: string | undefined): string {
  return userType === 'EXTERNAL' ? EX_HOME : IN_HOME;
}

export function isHomePath(path: string): boolean {
  const name = routeName(path);
  return name === routeName(IN_HOME) || name === routeName(EX_HOME);
}

export interface Tab {
  readonly id: string;
  /** Route path under /main as navigated ('srmBaseDistrictEdit'). */
  readonly path: string;
  /** Query string with its '?', or ''. */
  readonly search: string;
  /** Title the screen set (an edit page shows its document number); null: the registered title. */
  readonly title: string | null;
  /** The language the screen set its title in (a title is text of one language). */
  readonly titleLocale?: string;
  readonly dirty: boolean;
  /** Bumped to remount the screen (refresh). */
  readonly generation: number;
  /** Brought back after a reload and not shown since: its screen is drawn when first shown. */
  readonly restored?: boolean;
}

/** Where a store keeps its open tabs across a reload (F5): the browser tab's session storage. */
export interface TabMemory {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface RememberedTab {
  path: string;
  search: string;
  title: string | null;
  titleLocale?: string;
}

function isRemembered(value: unknown): value is RememberedTab {
  const tab = value as RememberedTab;
  return (
    !!tab &&
    typeof tab.path === 'string' &&
    !!tab.path &&
    typeof tab.search === 'string' &&
    (tab.title === null || typeof tab.title === 'string') &&
    (tab.titleLocale === undefined || typeof tab.titleLocale === 'string')
  );
}

/**
 * The title a screen set, while it is in the language shown; null: the registered title, which
 * follows the language. A tab brought back after a reload keeps the title of its last drawing
 * until it is drawn again, which after a change of language would be the other language's.
 */
export function screenTitle(tab: Tab, locale: string): string | null {
  return tab.titleLocale === undefined || tab.titleLocale === locale ? tab.title : null;
}

export function normalizeSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function tabKey(path: string, search: string): string {
  return `${routeName(path)}${normalizeSearch(search)}`;
}

export function tabUrl(tab: Pick<Tab, 'path' | 'search'>): string {
  return `/main/${tab.path}${tab.search}`;
}

type Listener = () => void;

export class TabStore {
  private tabs: readonly Tab[];
  private activeId = HOME_ID;
  private listeners = new Set<Listener>();
  private counter = 0;
  private snapshot: { tabs: readonly Tab[]; activeId: string };

  /**
   * `memory` and `key` keep the open tabs (not their unsaved edits) across a reload: they come
   * back in their order, each drawn when it is first shown again.
   */
  constructor(
    readonly homePath = IN_HOME,
    private readonly memory?: TabMemory,
    private readonly key = 'srm.tabs',
  ) {
    const home: Tab = { id: HOME_ID, path: homePath, search: '', title: null, dirty: false, generation: 0 };
    this.tabs = [home, ...this.recall()];
    this.snapshot = { tabs: this.tabs, activeId: this.activeId };
  }

  private recall(): Tab[] {
    let saved: unknown;
    try {
      saved = JSON.parse(this.memory?.getItem(this.key) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(saved)) return [];
    const tabs: Tab[] = [];
    for (const item of saved.filter(isRemembered)) {
      if (isHomePath(item.path) || tabs.length >= MAX_OPEN_TABS - 1) continue;
      const search = normalizeSearch(item.search);
      if (tabs.some((tab) => tabKey(tab.path, tab.search) === tabKey(item.path, search))) continue;
      tabs.push({
        id: `tab${++this.counter}`,
        path: item.path,
        search,
        title: item.title,
        ...(item.titleLocale ? { titleLocale: item.titleLocale } : {}),
        dirty: false,
        generation: 0,
        restored: true,
      });
    }
    return tabs;
  }

  private remember(tabs: readonly Tab[]) {
    if (!this.memory) return;
    const kept: RememberedTab[] = tabs
      .filter((tab) => tab.id !== HOME_ID)
      .map(({ path, search, title, titleLocale }) => ({ path, search, title, titleLocale }));
    try {
      this.memory.setItem(this.key, JSON.stringify(kept));
    } catch {
      // storage full or refused: the tabs are simply not kept
    }
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private commit(tabs: readonly Tab[], activeId = this.activeId) {
    // A restored tab is drawn from the moment it is shown.
    if (tabs.some((tab) => tab.id === activeId && tab.restored)) {
      tabs = tabs.map((tab) => (tab.id === activeId ? { ...tab, restored: false } : tab));
    }
    if (tabs !== this.tabs) this.remember(tabs);
    this.tabs = tabs;
    this.activeId = activeId;
    this.snapshot = { tabs, activeId };
    for (const listener of this.listeners) listener();
  }

  get all(): readonly Tab[] {
    return this.tabs;
  }

  get active(): Tab {
    return this.tabs.find((tab) => tab.id === this.activeId) ?? this.tabs[0]!;
  }

  find(id: string): Tab | undefined {
    return this.tabs.find((tab) => tab.id === id);
  }

  findByKey(path: string, search: string): Tab | undefined {
    const key = tabKey(path, search);
    return this.tabs.find((tab) => tabKey(tab.path, tab.search) === key);
  }

  get full(): boolean {
    return this.tabs.length >= MAX_OPEN_TABS;
  }

  activate(id: string) {
    if (id !== this.activeId && this.find(id)) this.commit(this.tabs, id);
  }

  open(path: string, search: string): Tab {
    const tab: Tab = {
      id: `tab${++this.counter}`,
      path,
      search: normalizeSearch(search),
      title: null,
      dirty: false,
      generation: 0,
    };
    this.commit([...this.tabs, tab], tab.id);
    return tab;
  }

  update(id: string, change: Partial<Omit<Tab, 'id'>>) {
    const tab = this.find(id);
    if (!tab) return;
    const changed = Object.entries(change).some(([name, value]) => tab[name as keyof Tab] !== value);
    if (changed) this.commit(this.tabs.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }

  /** Removes tabs; answers the tab to show when the active one went. */
  close(ids: readonly string[]): Tab {
    const closing = new Set(ids.filter((id) => id !== HOME_ID));
    const index = this.tabs.findIndex((tab) => tab.id === this.activeId);
    const remaining = this.tabs.filter((tab) => !closing.has(tab.id));
    let next = remaining.find((tab) => tab.id === this.activeId);
    if (!next) {
      const before = this.tabs
        .slice(0, index)
        .reverse()
        .find((tab) => !closing.has(tab.id));
      next = before ?? remaining[0]!;
    }
    this.commit(remaining, next.id);
    return next;
  }
}
