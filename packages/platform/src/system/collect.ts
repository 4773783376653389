// A full garbage collection between the batches of long, allocation-heavy work (a big import).
// V8 lets its heap grow to about twice what was live at the last full collection before it
// collects again; work that allocates hundreds of MB of short-lived objects a batch at a time
// (sheet parsing, insert statements, audit entries) thus raises the server's resident memory by
// far more than it holds at any time. Collecting after a batch once the heap has grown by a
// given amount keeps the peak near what is live, for a few tens of ms per collection.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = () => void;

let collect: Collect | null | undefined;
let floor = 0;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    // `gc` is only exposed with --expose-gc: the flag is set for the moment it takes to read the
    // function from a new context, then unset again (nothing else in the process sees it).
    setFlagsFromString('--expose-gc');
    const found = runInNewContext('typeof gc === "function" ? gc : null') as Collect | null;
    collect = found;
  } catch {
    collect = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Collects garbage when the heap grew by more than `growthMb` since the last collection here. */
export function collectIfGrown(growthMb: number): void {
  const used = getHeapStatistics().used_heap_size;
  if (floor && used - floor < growthMb * 1024 * 1024) return;
  const run = collector();
  if (!run) return;
  run();
  floor = getHeapStatistics().used_heap_size;
}
