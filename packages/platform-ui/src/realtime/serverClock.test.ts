// The server's clock as the browser measures it: half the round trip allowed for, the browser's
// own clock however far off it is.
import { describe, expect, it } from 'vitest';
import { ServerClock } from './serverClock';

describe('the server clock', () => {
  it('reads the server’s time on a browser clock ten minutes slow', () => {
    let local = 1_000_000;
    const clock = new ServerClock(() => local);
    // Sent at 1,000,000, answered 200 ms later; the server read 1,600,100 (10 min ahead) midway.
    clock.measure(1_000_000, 1_000_200, 1_600_100);
    expect(clock.offset).toBe(600_000);
    local = 1_005_000;
    expect(clock.now()).toBe(1_605_000);
  });

  it('ignores a measurement that cannot be one', () => {
    const clock = new ServerClock(() => 0);
    clock.measure(10, 5, 100);
    clock.measure(Number.NaN, 5, 100);
    expect([clock.offset, clock.measured]).toEqual([0, false]);
  });
});
