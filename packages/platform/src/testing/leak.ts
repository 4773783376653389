// A leak check looks for another party's figures in what an endpoint answered. Timestamps in the
// answer carry digits of their own ("10:04:38.377"), which would match a price such as 8.37 by
// chance: `visibleText` renders the answer as JSON with every timestamp replaced by `<time>`.
const TIMESTAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?/g;

/** The value as JSON text, timestamps replaced by `<time>`, for `not.toMatch` leak checks. */
export function visibleText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(TIMESTAMP, '<time>');
}
