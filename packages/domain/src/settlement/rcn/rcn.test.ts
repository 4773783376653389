// Balance confirmations over real HTTP on a real database: the draft's snapshot of the ledger
// (opening balance from earlier postings, the period's postings, the closing balance), periods
// refused, approval before the supplier sees it, the supplier's dispute with its own figure, a
// posting after the save refusing the submission until saved again, the supplier's confirmation,
// and supplier B seeing none of it.
import { describe, expect, it } from 'vitest';
import { dec, formatDate } from '@srm/kernel';
import { SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { useProcurement } from '../../procurement.testing';
import { postLedger, transfer } from '../server';
import { type Row, settlementHelpers } from '../settlement.testing';

const fixture = useProcurement();
const { ids, call, ok, suppliers, server } = fixture;
const { approved, confirmedStatement } = settlementHelpers(fixture);
const R = 'srmStlRcnHeader';
/** Today on the business's calendar, as the postings are dated. */
const today = () => formatDate(Date.now(), server().runtime.timeZone);
const account = () => ({ supplierId: ids.supA, orgId: ids.orgA, currencyId: ids.currency });

describe('a balance confirmation', () => {
  it('snapshots the account, goes to the supplier once approved, and takes its answer', async () => {
    // What was owed before the period: a posting of October.
    const runtime = server().runtime;
    await postLedger(
      dataApi({ actor: SYSTEM_ACTOR, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'test'),
      {
        ...account(),
        postingDate: '2026-10-15',
        sourceType: 'STATEMENT',
        sourceId: 990_001,
        sourceNumber: 'AS-OPENING',
        event: 'opening',
        memo: null,
        entries: transfer('GRIR', 'AP', dec(100)),
      },
    );
    const statement = await confirmedStatement('2026-11-20');
    const period = { periodStartDate: '2026-11-01', periodEndDate: today() };

    // Periods that end before they start, or after today, are refused.
    const backwards = await call(R, 'saveOrUpdate', {
      ...account(),
      periodStartDate: '2026-11-10',
      periodEndDate: '2026-11-01',
    });
    expect(backwards.httpStatus).toBe(400);
    expect(backwards.body.msg).toContain('对账期间止不能早于期间起');
    const future = await call(R, 'saveOrUpdate', {
      ...account(),
      periodStartDate: '2026-11-01',
      periodEndDate: '2099-01-01',
    });
    expect(future.httpStatus).toBe(400);

    const draft = await ok(R, 'saveOrUpdate', { ...account(), ...period, remark: '11月往来' });
    expect(draft).toMatchObject({
      status: 'DRAFT',
      openingBalance: 100,
      increaseAmount: 77.41,
      decreaseAmount: 0,
      closingBalance: 177.41,
      lineCount: 1,
    });
    expect(draft.lines).toEqual([
      expect.objectContaining({
        lineNum: 1,
        sourceType: 'STATEMENT',
        sourceNumber: statement.accountNumber,
        creditAmount: 77.41,
        debitAmount: 0,
        balanceAfter: 177.41,
      }),
    ]);
    // A draft is the buyer's own: the supplier does not see it.
    expect((await call(R, 'findById', { rcnHeaderId: draft.rcnHeaderId }, suppliers.a)).httpStatus).toBe(404);

    await approved(R, 'rcnHeaderId', draft.rcnHeaderId);
    const sent = await ok(R, 'findById', { rcnHeaderId: draft.rcnHeaderId }, suppliers.a);
    expect(sent).toMatchObject({ status: 'APPROVED', closingBalance: 177.41 });
    expect(sent.remark).toBeUndefined();
    expect((await call(R, 'findById', { rcnHeaderId: draft.rcnHeaderId }, suppliers.b)).httpStatus).toBe(404);
    expect(await ok<Row[]>(R, 'listByPage', {}, suppliers.b)).toEqual([]);

    // A dispute names the supplier's own balance.
    const bare = await call(
      R,
      'doSupplierDispute',
      { rcnHeaderId: draft.rcnHeaderId, comment: '少记一笔' },
      suppliers.a,
    );
    expect(bare.httpStatus).toBe(422);
    await ok(
      R,
      'saveOrUpdate',
      {
        rcnHeaderId: draft.rcnHeaderId,
        versionNum: sent.versionNum,
        supplierBalance: 170,
        supplierComment: '11月20日到货少记',
      },
      suppliers.a,
    );
    await ok(
      R,
      'doSupplierDispute',
      { rcnHeaderId: draft.rcnHeaderId, comment: '11月20日到货单价有误' },
      suppliers.a,
    );
    const disputed = await ok(R, 'findById', { rcnHeaderId: draft.rcnHeaderId });
    expect(disputed).toMatchObject({ status: 'DISPUTED', supplierBalance: 170, closingBalance: 177.41 });
    expect(disputed.answeredDate).toEqual(expect.any(Number));
    await ok(R, 'doAbolish', { rcnHeaderId: draft.rcnHeaderId, comment: '重新对账' });

    // A posting after the save: the submission asks for a new snapshot; saved again, it goes.
    const again = await ok(R, 'saveOrUpdate', { ...account(), ...period });
    await confirmedStatement('2026-11-21');
    const stale = await call(R, 'doSubmit', { rcnHeaderId: again.rcnHeaderId });
    expect(stale.httpStatus).toBe(422);
    expect(stale.body.msg).toContain(String(again.rcnNumber));
    const refreshed = await ok(R, 'saveOrUpdate', {
      rcnHeaderId: again.rcnHeaderId,
      versionNum: again.versionNum,
    });
    expect(refreshed).toMatchObject({ increaseAmount: 154.82, closingBalance: 254.82, lineCount: 2 });
    expect(refreshed.lines!.map((line) => line.balanceAfter)).toEqual([177.41, 254.82]);
    await approved(R, 'rcnHeaderId', again.rcnHeaderId);
    await ok(R, 'doSupplierConfirm', { rcnHeaderId: again.rcnHeaderId }, suppliers.a);
    expect((await ok(R, 'findById', { rcnHeaderId: again.rcnHeaderId }, suppliers.a)).status).toBe(
      'CONFIRMED',
    );
    // Confirmed figures are the ledger's: the supplier cannot change them.
    const confirmed = await ok(R, 'findById', { rcnHeaderId: again.rcnHeaderId });
    const changed = await call(
      R,
      'saveOrUpdate',
      { rcnHeaderId: again.rcnHeaderId, versionNum: confirmed.versionNum, closingBalance: 1 },
      suppliers.a,
    );
    expect(changed.body.status).toBe('E');
  });
});
