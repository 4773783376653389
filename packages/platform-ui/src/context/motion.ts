// Whether the reader asked the system for less motion (prefers-reduced-motion): the shell then
// turns antd's animations off (modals zooming in, menus sliding, drawers), and charts draw without
// animating. The hook follows the setting when it changes.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | undefined {
  return globalThis.matchMedia?.(QUERY);
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** The setting now. */
export function prefersReducedMotion(): boolean {
  return media()?.matches ?? false;
}

/** The setting, re-rendering when it changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
