// collectIfGrown: a full collection once the heap grew by the given margin, none before.
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectIfGrown } from './collect';

const usedMb = () => getHeapStatistics().used_heap_size / 1048576;

describe('collectIfGrown', () => {
  it('frees garbage once the heap grew by the margin', () => {
    collectIfGrown(1); // sets the floor
    // A million rows that are garbage once the function returns.
    const makeGarbage = () => {
      const rows = Array.from({ length: 1_000_000 }, (_, i) => ({ i, text: `row ${i}` }));
      expect(rows.length).toBe(1_000_000);
    };
    makeGarbage();
    const before = usedMb();
    collectIfGrown(10_000); // not grown by 10 GB: nothing collected
    expect(usedMb()).toBeGreaterThan(before - 10);
    collectIfGrown(16);
    expect(usedMb()).toBeLessThan(before - 40);
  });
});
