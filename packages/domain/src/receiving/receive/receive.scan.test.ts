// Barcode scanning at receipt over real HTTP on a real database: a scanned package barcode of the
// delivery note answers its line and quantity; an unknown code, one of another note, one scanned
// twice or one already received is refused in both languages and changes nothing — and the save
// and the posting refuse the same, so no posted receipt counts a package twice.
import { describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers } = useProcurement();
const supA = suppliers.a;

const RECEIPT = 'srmPurReceiveHeader';

/** A submitted note: 60 screws in packages of 25 (25, 25, 10), 30 brackets in one package. */
async function packedNote(): Promise<{ note: Row; code: (line: number, pack: number) => string }> {
  const order = await releasedOrder();
  const [screws, brackets] = order.lines!;
  const saved = await ok(
    'srmPurAsnHeader',
    'saveOrUpdate',
    {
      shipDate: '2026-12-01',
      lines: [
        { lineNum: 1, poLineId: screws!.poLineId, shipQuantity: 60, packageQuantity: 25 },
        { lineNum: 2, poLineId: brackets!.poLineId, shipQuantity: 30 },
      ],
    },
    supA,
  );
  await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: saved.asnHeaderId }, supA);
  const note = await ok('srmPurAsnHeader', 'findById', { asnHeaderId: saved.asnHeaderId });
  const number = String(note.asnNumber);
  return {
    note,
    code: (line, pack) => `${number}-${String(line).padStart(3, '0')}-${String(pack).padStart(3, '0')}`,
  };
}

const received = async (note: Row) =>
  ((await ok('srmPurAsnHeader', 'findById', { asnHeaderId: note.asnHeaderId })).lines as Row[]).map(
    (line) => line.receivedQuantity,
  );

/** A draft receipt of the note with the given lines (quantity and scanned barcodes per note line). */
async function draft(
  note: Row,
  lines: { line: number; quantity: number; codes: string[] }[],
  language?: 'CN' | 'EN',
) {
  return call(
    RECEIPT,
    'saveOrUpdate',
    {
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-03',
      storageLocationId: ids.store,
      lines: lines.map(({ line, quantity, codes }, index) => ({
        lineNum: index + 1,
        asnLineId: note.lines![line - 1]!.asnLineId,
        quantity,
        scannedBarcodes: codes.join(','),
      })),
    },
    undefined,
    language,
  );
}

describe('scanning package barcodes at receipt', () => {
  it('a scan answers the package’s line and quantity; unknown, other note, twice and supplier refused', async () => {
    const { note, code } = await packedNote();
    const other = await packedNote();
    const scan = (barcode: string, scanned: string[] = [], language?: 'CN' | 'EN', actor?: Partial<Actor>) =>
      call(RECEIPT, 'scanBarcode', { asnHeaderId: note.asnHeaderId, barcode, scanned }, actor, language);
    const first = await scan(code(1, 3));
    expect(first.body.status, first.body.msg).toBe('S');
    expect(first.body.data).toMatchObject({
      barcode: code(1, 3),
      asnLineId: note.lines![0]!.asnLineId,
      asnLineNum: 1,
      packageNum: 3,
      packageCount: 3,
      quantity: 10,
      itemCode: '02030001',
    });
    expect((await scan(code(2, 1))).body.data).toMatchObject({ asnLineNum: 2, quantity: 30 });
    // A QR scanner sends the label's whole QR payload: the barcode is its first field.
    const qr = `${code(1, 2)}|${String(note.asnNumber)}|PO|02030001|25|`;
    expect((await scan(qr)).body.data).toMatchObject({ barcode: code(1, 2), quantity: 25 });

    const unknown = await scan('ASN000000000000-001-001', [], 'EN');
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.body.msg).toBe(
      'Barcode ASN000000000000-001-001 is unknown: no delivery note package has it.',
    );
    expect((await scan('ASN000000000000-001-001', [], 'CN')).body.msg).toBe(
      '条码 ASN000000000000-001-001 不存在：没有送货单包装使用该条码。',
    );
    const foreign = await scan(other.code(1, 1), [], 'EN');
    expect(foreign.httpStatus).toBe(422);
    expect(foreign.body.msg).toBe(
      `Barcode ${other.code(1, 1)} belongs to delivery note ${String(other.note.asnNumber)}, not to this one.`,
    );
    expect((await scan(other.code(1, 1), [], 'CN')).body.msg).toBe(
      `条码 ${other.code(1, 1)} 属于送货单 ${String(other.note.asnNumber)}，不是本送货单的包装。`,
    );
    const twice = await scan(code(1, 1), [code(1, 1)], 'EN');
    expect(twice.httpStatus).toBe(422);
    expect(twice.body.msg).toBe(`Barcode ${code(1, 1)} has already been scanned: a package counts once.`);
    expect((await scan(code(1, 1), [code(1, 1)], 'CN')).body.msg).toBe(
      `条码 ${code(1, 1)} 已扫描过：每个包装只计一次。`,
    );
    expect((await scan(code(1, 1), [], undefined, supA)).httpStatus).toBe(403);
    expect((await scan('', [])).httpStatus).toBe(400);
  });

  it('the save refuses a package twice, of another line or note, or more packages than the quantity', async () => {
    const { note, code } = await packedNote();
    const other = await packedNote();
    const twice = await draft(note, [{ line: 1, quantity: 50, codes: [code(1, 1), code(1, 1)] }], 'EN');
    expect(twice.httpStatus).toBe(400);
    expect(twice.body.msg).toBe(
      `Lines, line 1, Scanned barcodes: Barcode ${code(1, 1)} has already been scanned: a package counts once.`,
    );
    const acrossLines = await draft(note, [
      { line: 1, quantity: 25, codes: [code(1, 1)] },
      { line: 2, quantity: 25, codes: [code(1, 1)] },
    ]);
    expect(acrossLines.httpStatus).toBe(400);
    const wrongLine = await draft(note, [{ line: 1, quantity: 30, codes: [code(2, 1)] }]);
    expect(wrongLine.httpStatus).toBe(400);
    const wrongNote = await draft(note, [{ line: 1, quantity: 25, codes: [other.code(1, 1)] }]);
    expect(wrongNote.httpStatus).toBe(400);
    const over = await draft(note, [{ line: 1, quantity: 30, codes: [code(1, 1), code(1, 2)] }], 'EN');
    expect(over.httpStatus).toBe(400);
    expect(over.body.msg).toContain('the packages scanned (50) exceed the quantity received (30)');
    const saved = await draft(note, [{ line: 1, quantity: 50, codes: [code(1, 1), ` ${code(1, 2)}`] }]);
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect((saved.body.data as Row).lines![0]).toMatchObject({
      scannedBarcodes: `${code(1, 1)},${code(1, 2)}`,
      scannedPackages: 2,
      quantity: 50,
    });
    // Nothing moved on a refused save.
    expect(await received(note)).toEqual([0, 0]);
  });

  it('a package posts once: a second receipt holding it is refused at save and at posting; a reversal frees it', async () => {
    const { note, code } = await packedNote();
    // Two drafts both hold package 1 of line 1 (saved before either posts).
    const a = await draft(note, [{ line: 1, quantity: 25, codes: [code(1, 1)] }]);
    const b = await draft(note, [{ line: 1, quantity: 25, codes: [code(1, 1)] }]);
    expect(a.body.status, a.body.msg).toBe('S');
    expect(b.body.status, b.body.msg).toBe('S');
    const first = a.body.data as Row;
    await ok(RECEIPT, 'doPost', { receiveHeaderId: first.receiveHeaderId });
    expect(await received(note)).toEqual([25, 0]);
    const second = await call(
      RECEIPT,
      'doPost',
      { receiveHeaderId: (b.body.data as Row).receiveHeaderId },
      undefined,
      'EN',
    );
    expect(second.httpStatus).toBe(422);
    expect(second.body.msg).toBe(
      `Barcode ${code(1, 1)} was already received on receipt ${String(first.receiveNumber)}.`,
    );
    const secondCn = await call(
      RECEIPT,
      'doPost',
      { receiveHeaderId: (b.body.data as Row).receiveHeaderId },
      undefined,
      'CN',
    );
    expect(secondCn.body.msg).toBe(`条码 ${code(1, 1)} 已在收货单 ${String(first.receiveNumber)} 中收货。`);
    // Nothing counted twice.
    expect(await received(note)).toEqual([25, 0]);
    // A new receipt or a scan of it is refused as well.
    expect((await draft(note, [{ line: 1, quantity: 25, codes: [code(1, 1)] }])).httpStatus).toBe(400);
    const scan = await call(RECEIPT, 'scanBarcode', { asnHeaderId: note.asnHeaderId, barcode: code(1, 1) });
    expect(scan.httpStatus).toBe(422);
    // The other packages still scan; reversing the receipt frees package 1 again.
    await ok(RECEIPT, 'doReverse', { receiveHeaderId: first.receiveHeaderId });
    expect(await received(note)).toEqual([0, 0]);
    const again = await call(RECEIPT, 'scanBarcode', { asnHeaderId: note.asnHeaderId, barcode: code(1, 1) });
    expect(again.body.status, again.body.msg).toBe('S');
    await ok(RECEIPT, 'doPost', { receiveHeaderId: (b.body.data as Row).receiveHeaderId });
    expect(await received(note)).toEqual([25, 0]);
  });
  it('a scan with no note yet starts the receipt: the package names its note, which must await receipt', async () => {
    const { note, code } = await packedNote();
    const first = await call(RECEIPT, 'scanBarcode', { barcode: code(1, 2) });
    expect(first.body.status, first.body.msg).toBe('S');
    expect(first.body.data).toMatchObject({
      asnHeaderId: note.asnHeaderId,
      asnNumber: note.asnNumber,
      asnLineNum: 1,
      quantity: 25,
    });
    // A note the supplier cancelled after submitting (its packages exist) is not received by scanning.
    const cancelled = await packedNote();
    await ok('srmPurAsnHeader', 'doCancel', { asnHeaderId: cancelled.note.asnHeaderId }, supA);
    const refused = await call(RECEIPT, 'scanBarcode', { barcode: cancelled.code(1, 1) }, undefined, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain(`Delivery note ${String(cancelled.note.asnNumber)}`);
    // A supplier may not scan at all, with or without a note.
    expect((await call(RECEIPT, 'scanBarcode', { barcode: code(1, 1) }, supA)).httpStatus).toBe(403);
  });

  it('bad input to the scan is a clear message, never a server error', async () => {
    const { note } = await packedNote();
    const bad: unknown[] = [
      { asnHeaderId: note.asnHeaderId, barcode: 123 },
      { asnHeaderId: note.asnHeaderId, barcode: '' },
      { asnHeaderId: note.asnHeaderId, barcode: 'x'.repeat(61) },
      { asnHeaderId: 'abc', barcode: 'ASN1-001-001' },
      { asnHeaderId: note.asnHeaderId, barcode: "' or 1=1 --", scanned: 'x' },
      { asnHeaderId: note.asnHeaderId, barcode: 'ASN1-001-001', receiveHeaderId: 'x' },
      null,
    ];
    for (const body of bad) {
      const answer = await call(RECEIPT, 'scanBarcode', body);
      expect(answer.body.status, JSON.stringify(body)).toBe('E');
      expect(answer.httpStatus, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
