// Kept-alive tabs ask for their data again when a person comes back to them (the tab shown again,
// or the browser tab brought back) and the data may be stale: loaded before the last write this
// browser made, or longer ago than RETURN_REFRESH_MS (5 s: others' changes: an approval, a supplier's
// confirmation). A screen with unsaved edits says `skip` and keeps what is typed.
import { useEffect, useRef } from 'react';
import { useScreen } from './ScreenContext';

/** Data older than this is asked again when its tab is shown again. */
export const RETURN_REFRESH_MS = 5_000;

let lastWriteAt = 0;

/** Notes that this browser changed data (a save, an action, a decision). */
export function noteWrite(): void {
  lastWriteAt = Date.now();
}

/** Whether data loaded at `loadedAt` (epoch ms; 0 when not loaded) should be asked again now. */
export function isStale(loadedAt: number, now = Date.now()): boolean {
  if (!loadedAt) return false;
  return loadedAt < lastWriteAt || now - loadedAt >= RETURN_REFRESH_MS;
}

/**
 * Calls `refresh` when the screen's tab becomes the visible one again, or the browser tab comes
 * back while this tab is the visible one, and `loadedAt()` says its data is stale.
 */
export function useRefreshOnReturn(refresh: () => void, loadedAt: () => number, skip = false): void {
  const { active } = useScreen();
  const latest = useRef({ refresh, loadedAt, skip, active });
  latest.current = { refresh, loadedAt, skip, active };
  const wasActive = useRef(active);

  useEffect(() => {
    const returned = active && !wasActive.current;
    wasActive.current = active;
    if (returned) refreshIfStale(latest.current);
  }, [active]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && latest.current.active) refreshIfStale(latest.current);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}

function refreshIfStale(current: { refresh(): void; loadedAt(): number; skip: boolean }): void {
  if (!current.skip && isStale(current.loadedAt())) current.refresh();
}
