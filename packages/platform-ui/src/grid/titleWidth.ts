// How wide a column header must be for its title to fit on one line.

/** Width a header needs to show its title on one line (CJK ~14 px, Latin ~7.5 px a character). */
export function titleWidth(title: string, extras: { sortable?: boolean; required?: boolean } = {}): number {
  let text = 0;
  for (const char of title) text += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 14 : 7.5;
  return Math.ceil(text + 18 + (extras.sortable ? 22 : 0) + (extras.required ? 12 : 0));
}
