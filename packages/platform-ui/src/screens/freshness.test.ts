import { describe, expect, it } from 'vitest';
import { RETURN_REFRESH_MS, isStale, noteWrite } from './freshness';

describe('a tab’s data on return', () => {
  it('is fresh when loaded after the last write and within the refresh age', () => {
    const now = Date.now();
    noteWrite();
    expect(isStale(now + 10, now + 20)).toBe(false);
  });

  it('is stale when older than the refresh age', () => {
    const loaded = Date.now() + 1_000;
    expect(isStale(loaded, loaded + RETURN_REFRESH_MS - 1)).toBe(false);
    expect(isStale(loaded, loaded + RETURN_REFRESH_MS)).toBe(true);
  });

  it('is stale when loaded before a write this browser made', () => {
    const loaded = Date.now() - 5;
    noteWrite();
    expect(isStale(loaded, loaded + 10)).toBe(true);
  });

  it('never refreshes what was not loaded', () => {
    expect(isStale(0)).toBe(false);
  });
});
