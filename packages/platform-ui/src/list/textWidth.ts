// How wide a text is drawn in the page's font at 14 px: measured on a canvas where the browser
// can (an English label in a wide fallback font is about 8.5 px a letter, not 7.5), estimated
// elsewhere (a CJK character 14 px, any other about 8 px).
let context: CanvasRenderingContext2D | null | undefined;

function canvas(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  context = null;
  try {
    const found = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    // jsdom answers without measuring: use the estimate there.
    if (found && typeof found.measureText === 'function' && found.measureText('x').width > 0) context = found;
  } catch {
    context = null;
  }
  return context;
}

export function textWidth(text: string, fontSize = 14): number {
  const measuring = canvas();
  if (measuring) {
    const family =
      getComputedStyle(document.querySelector('.ant-app') ?? document.body).fontFamily || 'sans-serif';
    measuring.font = `${fontSize}px ${family}`;
    return Math.ceil(measuring.measureText(text).width);
  }
  return [...text].reduce(
    (sum, char) => sum + (/[\u2e80-\uffff]/.test(char) ? fontSize : fontSize * 0.58),
    0,
  );
}
