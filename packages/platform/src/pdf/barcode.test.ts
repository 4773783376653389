// Barcodes in PDFs read back as a scanner would: Code 128 against a published module pattern
// and through its bar widths (decoded by the test's own reader of the standard's table, not by
// the encoder), QR codes rasterised and decoded by an independent reader.
import { describe, expect, it } from 'vitest';
import { code128SymbolsOf, decodeCode128Symbols, readCode128, readPdf, readQr } from '../testing/pdf';
import { BarcodeValueInvalid, code128Modules, drawCode128, drawQr, qrMatrix } from './barcode';
import { cjkFont, renderPdf } from './document';

const bits = (modules: boolean[]) => modules.map((bar) => (bar ? '1' : '0')).join('');

/** Bar and space widths in modules, as a reader measures them. */
function widthsOf(modules: boolean[]): number[] {
  const widths: number[] = [];
  modules.forEach((bar, index) => {
    if (index > 0 && bar === modules[index - 1]) widths[widths.length - 1]!++;
    else widths.push(1);
  });
  return widths;
}

describe('Code 128', () => {
  it('encodes 000132 as the reference pattern: start C, 00, 01, 32, check 100, stop', async () => {
    expect(bits(await code128Modules('000132'))).toBe(
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

  it('reads back as the value, digit runs in code set C, with a correct check symbol', async () => {
    // A, S, N as text, the twelve digits as six pairs in set C, the rest as text again: 22 symbols.
    const modules = await code128Modules('ASN202611210001-001-002');
    const symbols = code128SymbolsOf(widthsOf(modules));
    expect(decodeCode128Symbols(symbols)).toBe('ASN202611210001-001-002');
    expect(symbols).toContain(99);
    expect(symbols.slice(symbols.indexOf(99) + 1, symbols.indexOf(99) + 7)).toEqual([20, 26, 11, 21, 0, 1]);
    expect(modules.length).toBe(21 * 11 + 13);
    for (const value of ['A', '1', '12345', 'PO-7', '9999999', 'x 1234567 y', '~!@#', 'a^b\\c`{|}']) {
      expect(decodeCode128Symbols(code128SymbolsOf(widthsOf(await code128Modules(value))))).toBe(value);
    }
  });

  it('refuses what it cannot encode', async () => {
    await expect(code128Modules('')).rejects.toThrow(BarcodeValueInvalid);
    await expect(code128Modules('螺钉')).rejects.toThrow(BarcodeValueInvalid);
    await expect(code128Modules('tab\there')).rejects.toThrow(BarcodeValueInvalid);
  });
});

describe('QR code', () => {
  it('is square, level M: the version grows with the payload', async () => {
    // Version 1 (21 modules) holds 14 bytes at level M, version 2 (25) holds 26.
    expect((await qrMatrix('ASN-001')).length).toBe(21);
    const matrix = await qrMatrix('ASN202611210001-001-002');
    expect(matrix.length).toBe(25);
    expect(matrix.every((row) => row.length === 25)).toBe(true);
  });
});

describe.skipIf(!cjkFont())('barcodes drawn into a PDF', () => {
  it('read back: the Code 128 bars give the value, the QR modules give the payload', async () => {
    const value = 'ASN202611210001-002-010';
    // Free text (a lot number) may be Chinese: the payload is UTF-8.
    const payload = `${value}|ASN202611210001|PO202611200003|02030001|40|批次L2611`;
    const pdf = await renderPdf({ title: 'labels', size: [283, 198], margin: 0 }, async (doc) => {
      doc.text('label', 10, 10);
      await drawCode128(doc, value, { x: 10, y: 140, width: 263, height: 38 });
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
