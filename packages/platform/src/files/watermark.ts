// A watermark tile (generateBlankImageWatermark): transparent SVG with the text repeated at an
// angle, laid over documents shown in the browser (the browser renders the CJK text).
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

export function watermarkSvg(text: string, width: number, height: number): string {
  const w = Math.min(Math.max(Math.round(width), 100), 2000);
  const h = Math.min(Math.max(Math.round(height), 60), 2000);
  const label = escapeXml(text);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<text x="${w / 2}" y="${h / 2}" fill="#000" fill-opacity="0.12" font-size="16" font-family="sans-serif"`,
    ` text-anchor="middle" dominant-baseline="middle" transform="rotate(-24 ${w / 2} ${h / 2})">${label}</text>`,
    '</svg>',
  ].join('');
}
