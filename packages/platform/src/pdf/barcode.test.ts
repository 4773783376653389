// Barcodes in PDFs read back as a scanner would: Code 128 against a published module pattern
// and through its bar widths, QR codes rasterised and decoded by an independent reader.
import { describe, expect, it } from 'vitest';
import { decodeCode128Symbols, readCode128, readPdf, readQr } from '../testing/pdf';
import { BarcodeValueInvalid, code128Modules, code128Symbols, drawCode128, drawQr } from './barcode';
import { cjkFont, renderPdf } from './document';

const bits = (modules: boolean[]) => modules.map((bar) => (bar ? '1' : '0')).join('');

describe('Code 128', () => {
  it('encodes 000132 as the reference pattern: start C, 00, 01, 32, check 100, stop', () => {
    expect(code128Symbols('000132')).toEqual([105, 0, 1, 32, 100, 106]);
    expect(bits(code128Modules('000132'))).toBe(
      [
        '11010011100', // start C
        '11011001100', // 00
        '11001101100', // 01
        '11000110110', // 32
        '10111101110', // check symbol 100
        '1100011101011', // stop
      ].join(''),
    );
  });

  it('uses set B for text and switches to C for long digit runs, with a correct check symbol', () => {
    // A (33), S (51), N (46) in set B, then the date and counter in pairs.
    const symbols = code128Symbols('ASN202611210001-001-002');
    expect(symbols.slice(0, 5)).toEqual([104, 33, 51, 46, 99]);
    expect(symbols.slice(5, 11)).toEqual([20, 26, 11, 21, 0, 1]);
    expect(decodeCode128Symbols(symbols)).toBe('ASN202611210001-001-002');
    for (const value of ['A', '1', '12345', 'PO-7', '9999999', 'x 1234567 y', '~!@#']) {
      expect(decodeCode128Symbols(code128Symbols(value))).toBe(value);
    }
  });

  it('refuses what it cannot encode', () => {
    expect(() => code128Symbols('')).toThrow(BarcodeValueInvalid);
    expect(() => code128Symbols('螺钉')).toThrow(BarcodeValueInvalid);
  });
});

describe.skipIf(!cjkFont())('barcodes drawn into a PDF', () => {
  it('read back: the Code 128 bars give the value, the QR modules give the payload', async () => {
    const value = 'ASN202611210001-002-010';
    const payload = `${value}|ASN202611210001|PO202611200003|02030001|40|L2611`;
    const pdf = await renderPdf({ title: 'labels', size: [283, 198], margin: 0 }, async (doc) => {
      doc.text('label', 10, 10);
      drawCode128(doc, value, { x: 10, y: 140, width: 263, height: 38 });
      await drawQr(doc, payload, 200, 20, 70);
    });
    const [page] = await readPdf(pdf);
    const bars = page!.rects.filter((rect) => rect.height > 30);
    const cells = page!.rects.filter((rect) => rect.height < 30);
    expect(readCode128(bars)).toBe(value);
    expect(await readQr(cells)).toBe(payload);
    // A bar one module wider no longer reads: the reader checks what it sees.
    const sorted = [...bars].sort((a, b) => a.x - b.x);
    const module = Math.min(...sorted.map((bar) => bar.width));
    const damaged = sorted.map((bar, index) => (index === 7 ? { ...bar, width: bar.width + module } : bar));
    expect(() => readCode128(damaged)).toThrow();
    expect(() => readCode128(sorted.slice(3))).toThrow();
  });
});
