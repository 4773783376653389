// Export cells: the fast time formatter agrees with the kernel's in zones with and without
// daylight saving, and text a spreadsheet could evaluate is neutralised.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@srm/kernel';
import { dateTimeFormatter, safeText } from './cells';

describe('export cells', () => {
  it('format timestamps exactly as the kernel does', () => {
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) {
      const format = dateTimeFormatter(zone);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7_777_777)
        expect(format(ms), `${zone} ${ms}`).toBe(formatDateTime(ms, zone));
      for (const ms of [
        Date.UTC(2026, 2, 29, 0, 59, 59),
        Date.UTC(2026, 2, 29, 1, 0, 0),
        Date.UTC(2026, 9, 25, 1, 0, 1),
      ])
        expect(format(ms), `${zone} ${ms}`).toBe(formatDateTime(ms, zone));
    }
  });

  it('prefix formula-looking text with an apostrophe and leave other text alone', () => {
    expect(['=1+1', '+1', '-1', '@A1', '\tx', '\rx', 'a=b', '１'].map(safeText)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@A1",
      "'\tx",
      "'\rx",
      'a=b',
      '１',
    ]);
  });
});
