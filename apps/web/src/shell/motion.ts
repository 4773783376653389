// Whether the reader asked the system for less motion (prefers-reduced-motion): antd's
// animations (modals zooming in, menus sliding, drawers) are then turned off, so a dialog is there
// at once. Read once and followed when the setting changes.
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

export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
