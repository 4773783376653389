// Sample content the gallery shows without a server round trip: a one-page PDF and a picture.

/** A valid one-page PDF with a line of text. */
export function samplePdf(text: string): Blob {
  const stream = `BT /F1 28 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([body], { type: 'application/pdf' });
}

/** A 480×320 picture drawn on a canvas, as a data URL. */
export function sampleImage(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 320;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, 480, 320);
  gradient.addColorStop(0, '#1677ff');
  gradient.addColorStop(1, '#52c41a');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 480, 320);
  context.fillStyle = '#fff';
  context.beginPath();
  context.arc(240, 150, 80, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#1677ff';
  context.font = 'bold 48px sans-serif';
  context.textAlign = 'center';
  context.fillText('SRM', 240, 168);
  return canvas.toDataURL('image/png');
}
