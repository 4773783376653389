// Document imports' pure parts: batches cut only between documents, lines numbered from their
// place when the file leaves the number empty.
import { describe, expect, it } from 'vitest';
import { defineEntity, number, text } from '@srm/kernel';
import { documentBatches, numberLines } from './import-documents';
import type { SheetRow } from './import-sheet';

/** Rows whose first cell is the document number, in batches of `size` as the reader gives them. */
async function* readerBatches(numbers: readonly string[], size: number): AsyncGenerator<SheetRow[]> {
  const rows = numbers.map((no, index) => ({ number: index + 2, cells: [no, `line ${index}`] }));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

async function cut(numbers: readonly string[], readerSize: number, size: number): Promise<string[][]> {
  const batches: string[][] = [];
  for await (const batch of documentBatches(readerBatches(numbers, readerSize), 0, size))
    batches.push(batch.map((row) => String(row.cells[0])));
  return batches;
}

describe('documentBatches', () => {
  it('ends a batch where a document ends, holding back the document still open', async () => {
    expect(await cut(['A', 'A', 'B', 'B', 'B', 'C', 'D', 'D'], 4, 4)).toEqual([
      ['A', 'A'],
      ['B', 'B', 'B', 'C'],
      ['D', 'D'],
    ]);
  });

  it('lets a document longer than a batch make its batch longer rather than split it', async () => {
    expect(await cut(['A', 'A', 'A', 'A', 'A', 'B'], 2, 2)).toEqual([['A', 'A', 'A', 'A', 'A'], ['B']]);
  });

  it('keeps every row, in order', async () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => `N${Math.floor(i / 7)}`);
    const batches = await cut(numbers, 64, 100);
    expect(batches.flat()).toEqual(numbers);
    for (const [index, batch] of batches.entries()) {
      const next = batches[index + 1];
      if (next) expect(next[0]).not.toBe(batch[batch.length - 1]);
    }
  });
});

describe('numberLines', () => {
  const line = defineEntity('testImportLine', {
    area: 'system',
    key: 'lineId',
    fields: {
      lineNum: number({ required: true, min: 1, sequence: { step: 10 } }),
      note: text({ max: 20 }),
    },
  });

  it('numbers lines without one as the grid does: the highest before it plus the step', () => {
    const lines: Record<string, unknown>[] = [{}, { lineNum: 50 }, {}, { note: 'x' }];
    numberLines(line, lines);
    expect(lines.map((row) => row.lineNum)).toEqual([10, 50, 60, 70]);
  });
});
