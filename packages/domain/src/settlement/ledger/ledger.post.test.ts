// Posting to the ledger on a real database: a posting is written once however many ask for it at
// once, its debits equal its credits, each payable row carries the account's balance on, and each
// row's history starts with who posted it and what.
import { describe, expect, it } from 'vitest';
import { dec } from '@srm/kernel';
import { type Actor, dataApi } from '@srm/platform';
import { useProcurement } from '../../procurement.testing';
import { postLedger } from '../server';
import type { Row } from '../settlement.testing';

const fixture = useProcurement();
const { ids, ok, server } = fixture;

const buyer: Actor = {
  userId: 1,
  userName: 'admin',
  side: 'internal',
  supplierId: null,
  orgIds: 'all',
  categoryIds: 'all',
  locale: 'zh-CN',
};

/** Payment `n` of 100 to supplier A (90 from the bank, 10 withheld), posted as the buyer. */
function pay(n: number): Promise<boolean> {
  const { runtime, clock } = server();
  return runtime.transaction((tx) =>
    postLedger(dataApi({ actor: buyer, runtime, tx, now: clock.now() }, 'doPay'), {
      supplierId: ids.supA,
      orgId: ids.orgA,
      currencyId: ids.currency,
      postingDate: '2026-12-15',
      sourceType: 'PAYMENT',
      sourceId: 990_000 + n,
      sourceNumber: `LEDGER${n}`,
      event: 'pay',
      entries: [
        { accountCode: 'AP', debit: dec(100) },
        { accountCode: 'BANK', credit: dec(90) },
        { accountCode: 'DEDUCTION', credit: dec(10) },
      ],
    }),
  );
}

describe('posting to the ledger', () => {
  it('posts once under ten requests at once, balanced, carrying the balance, who posted what on record', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(1)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await pay(2)).toBe(true);
    const rows = (await ok<Row[]>('srmStlLedger', 'listByPage', { sourceType: 'PAYMENT', pageRows: 100 }))
      .filter((row) => String(row.sourceNumber).startsWith('LEDGER'))
      .sort((a, b) => Number(a.ledgerId) - Number(b.ledgerId));
    expect(rows.map((row) => [row.sourceNumber, row.accountCode, row.debitAmount, row.creditAmount])).toEqual(
      [
        ['LEDGER1', 'AP', 100, 0],
        ['LEDGER1', 'BANK', 0, 90],
        ['LEDGER1', 'DEDUCTION', 0, 10],
        ['LEDGER2', 'AP', 100, 0],
        ['LEDGER2', 'BANK', 0, 90],
        ['LEDGER2', 'DEDUCTION', 0, 10],
      ],
    );
    const [first, second] = rows.filter((row) => row.accountCode === 'AP');
    expect(dec(Number(second!.balanceAfter)).eq(dec(Number(first!.balanceAfter)).sub(100))).toBe(true);
    expect(rows.filter((row) => row.accountCode !== 'AP').every((row) => row.balanceAfter === null)).toBe(
      true,
    );

    const { history } = await ok('srmStlLedger', 'findById', {
      ledgerId: first!.ledgerId,
      withHistory: true,
    });
    expect(history).toEqual([
      expect.objectContaining({
        action: 'doPay',
        userName: 'admin',
        changes: expect.arrayContaining([
          expect.objectContaining({ field: 'sourceNumber', before: null, after: 'LEDGER1' }),
          expect.objectContaining({ field: 'accountCode', before: null, after: 'AP' }),
          expect.objectContaining({ field: 'debitAmount', before: null, after: 100 }),
        ]),
      }),
    ]);
  });
});
