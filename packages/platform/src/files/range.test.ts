// What part of a file a Range header asks for: one range as asked, the rest the whole file.
import { describe, expect, it } from 'vitest';
import { requestedRange } from './range';

describe('a Range header', () => {
  it('asks for the bytes from a to b, clipped to the file', () => {
    expect(requestedRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=99-99', 100)).toEqual({ start: 99, end: 99 });
  });

  it('asks for the rest of the file from a, or its last n bytes', () => {
    expect(requestedRange('bytes=40-', 100)).toEqual({ start: 40, end: 99 });
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('cannot be served when it starts past the end or asks for nothing of the end', () => {
    expect(requestedRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=100-150', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('is ignored (the whole file) when absent, of another unit, several, or malformed', () => {
    for (const header of [
      undefined,
      '',
      'items=0-9',
      'bytes=0-9,20-29',
      'bytes=-',
      'bytes=9-0',
      'bytes=a-b',
      'bytes 0-9',
    ])
      expect(requestedRange(header, 100), String(header)).toBeNull();
  });
});
