// What changed within one text: the characters kept, removed and added between two wordings (a
// clause as the library has it and as the contract words it, a paragraph of two revisions), in
// reading order, for a screen to show deletions struck through and insertions underlined.
// Characters, not words: Chinese has no spaces. The longest common subsequence is computed on
// what lies between the common start and end; past MAX_CELLS pairs it gives up on detail and
// shows the middle as removed, then added.

export interface TextPart {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

const MAX_CELLS = 4_000_000;

function push(parts: TextPart[], kind: TextPart['kind'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) parts[parts.length - 1] = { kind, text: last.text + text };
  else parts.push({ kind, text });
}

/** The parts of `before` and `after`: joined, the same parts and the removed ones give `before`, the same and the added ones `after`. */
export function inlineDiff(before: string, after: string): TextPart[] {
  const a = [...before];
  const b = [...after];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  const parts: TextPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  const n = x.length;
  const m = y.length;
  if (n * m > MAX_CELLS) {
    push(parts, 'removed', x.join(''));
    push(parts, 'added', y.join(''));
  } else if (n && m) {
    // lengths[i * (m + 1) + j]: the longest common subsequence of x[i..] and y[j..].
    const lengths = new Uint16Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lengths[i * (m + 1) + j] =
          x[i] === y[j]
            ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
            : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i] === y[j]) {
        push(parts, 'same', x[i]!);
        i++;
        j++;
      } else if (j === m || (i < n && lengths[(i + 1) * (m + 1) + j]! >= lengths[i * (m + 1) + j + 1]!))
        push(parts, 'removed', x[i++]!);
      else push(parts, 'added', y[j++]!);
    }
  } else {
    push(parts, 'removed', x.join(''));
    push(parts, 'added', y.join(''));
  }
  push(parts, 'same', a.slice(a.length - end).join(''));
  return parts;
}

/** The text of rich text (HTML), as a reader sees it: tags dropped, paragraphs and breaks as new lines, entities read. */
export function plainText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
