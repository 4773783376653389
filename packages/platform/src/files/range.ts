// Byte ranges of a file answer (RFC 9110 §14): which part of a file of `size` bytes one Range
// header asks for. One range is served as asked; anything else is answered with the whole file.

/** Inclusive first and last byte, as storage reads and Content-Range write them. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The part of `size` bytes a Range header asks for: `bytes=a-b`, `bytes=a-` or `bytes=-n` (the
 * last n). Null for the whole file: no header, another unit, several ranges, or a range that does
 * not parse or ends before it starts (RFC 9110 lets a server ignore those). `'unsatisfiable'`
 * (416) when the one range starts past the end, or asks for the last 0 bytes or those of an
 * empty file.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  const [, first, last] = match;
  if (first) {
    const start = Number(first);
    const end = last ? Number(last) : Number.POSITIVE_INFINITY;
    if (end < start) return null;
    if (start >= size) return 'unsatisfiable';
    return { start, end: Math.min(end, size - 1) };
  }
  const suffix = Number(last);
  if (suffix === 0 || size === 0) return 'unsatisfiable';
  return { start: Math.max(0, size - suffix), end: size - 1 };
}
