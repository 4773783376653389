import { describe, expect, it } from 'vitest';
import { visibleText } from './leak';

describe('visibleText', () => {
  it('hides the digits of timestamps, not those of prices', () => {
    const text = visibleText({
      bidTime: '2026-12-04T03:14:38.377+00:00',
      at: '2026-12-04 03:14:10.25',
      price: '8.37',
    });
    expect(text).not.toMatch(/38\.377|10\.25/);
    expect(text).toMatch(/8\.37/);
    expect(visibleText({ bidTime: '2026-12-04T03:14:38.377Z' })).not.toMatch(/8\.37/);
  });
});
