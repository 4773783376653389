// Write-offs over real HTTP on a real database: a receipt cleared against its return and
// reversal, up to the open quantity, once; reversing the write-off opens the quantity again.
import { describe, expect, it } from 'vitest';
import { useProcurement } from '../../procurement.testing';
import { receivingHelpers } from '../receiving.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const fixture = useProcurement();
const { ids, call, ok } = fixture;
const { submittedNote, post } = receivingHelpers(fixture);

describe('write-off', () => {
  it('clears a receipt against its return and reversal, up to the open quantity, once', async () => {
    const { note } = await submittedNote(20, 10);
    const receipt = await ok('srmPurReceiveHeader', 'receiveAsn', {
      asnHeaderId: note.asnHeaderId,
      storageLocationId: ids.store,
    });
    const [screws] = receipt.lines as Row[];
    const returned = await post({
      receiveType: 'RETURN',
      originalReceiveHeaderId: receipt.receiveHeaderId,
      receiveDate: '2026-12-06',
      lines: [{ lineNum: 1, originalReceiveLineId: screws!.receiveLineId, quantity: 4 }],
    });
    const draft = await ok('srmPurWriteOff', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      writeOffDate: '2026-12-31',
    });
    const mine = (draft.lines as Row[]).filter((line) => line.receiveNumber === receipt.receiveNumber);
    expect(mine.map((line) => [line.offsetReceiveNumber, line.quantity])).toEqual([
      [returned.receiveNumber, 4],
    ]);
    const [posted] = await ok<Row[]>('srmPurWriteOff', 'doPost', { writeOffId: draft.writeOffId });
    expect(posted!.status).toBe('POSTED');
    const line = async () =>
      (
        (await ok('srmPurReceiveHeader', 'findById', { receiveHeaderId: receipt.receiveHeaderId }))
          .lines as Row[]
      )[0]!;
    expect((await line()).writtenOffQuantity).toBe(4);
    // The same pair again: nothing left to clear.
    const twice = await ok('srmPurWriteOff', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      writeOffDate: '2026-12-31',
      lines: [
        {
          lineNum: 1,
          receiveLineId: screws!.receiveLineId,
          offsetReceiveLineId: (returned.lines as Row[])[0]!.receiveLineId,
          quantity: 1,
        },
      ],
    });
    const refused = await call('srmPurWriteOff', 'doPost', { writeOffId: twice.writeOffId }, undefined, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('remains to write off');
    // A line that is not a return of that receipt is refused when saved.
    const wrong = await call('srmPurWriteOff', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      writeOffDate: '2026-12-31',
      lines: [
        {
          lineNum: 1,
          receiveLineId: screws!.receiveLineId,
          offsetReceiveLineId: screws!.receiveLineId,
          quantity: 1,
        },
      ],
    });
    expect(wrong.httpStatus).toBe(400);
    // Reversing the write-off opens the quantities again.
    await ok('srmPurWriteOff', 'doReverse', { writeOffId: draft.writeOffId });
    expect((await line()).writtenOffQuantity).toBe(0);
    await ok('srmPurWriteOff', 'doPost', { writeOffId: twice.writeOffId });
    expect((await line()).writtenOffQuantity).toBe(1);
  });
});
