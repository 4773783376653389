// What a screen knows of its place in the workspace: its tab's parameters and the navigation
// the shell offers (open another screen as a tab, rename or close its own tab, report unsaved
// changes). Screens never read the router: kept-alive tabs must not follow another tab's URL.
import { createContext, useContext } from 'react';

export type ScreenParams = Readonly<Record<string, string | number | null | undefined>>;

export interface ScreenNavigator {
  /** Opens a screen (its route path, e.g. 'srmBaseDistrictEdit') as a tab, or activates its tab. */
  open(path: string, params?: ScreenParams): void;
  /** Replaces this tab's parameters (a new document got its id) without opening another tab. */
  replace(params: ScreenParams): void;
  /** Closes this tab (asking first when it has unsaved changes). */
  close(): void;
  /** Sets this tab's title; null goes back to the screen's registered title. */
  setTitle(title: string | null): void;
  /** Marks this tab as holding unsaved changes: closing it asks first. */
  setDirty(dirty: boolean): void;
}

export interface ScreenState extends ScreenNavigator {
  readonly params: URLSearchParams;
  /** The tab is the visible one. */
  readonly active: boolean;
}

const standalone: ScreenState = {
  params: new URLSearchParams(),
  active: true,
  open: () => {},
  replace: () => {},
  close: () => {},
  setTitle: () => {},
  setDirty: () => {},
};

export const ScreenContext = createContext<ScreenState>(standalone);

export function useScreen(): ScreenState {
  return useContext(ScreenContext);
}
