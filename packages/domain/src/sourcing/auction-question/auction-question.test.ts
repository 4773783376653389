// Questions and answers of an auction on a real database: a confirmed supplier asks on its own
// entry (the auction and the supplier come from the entry, never from the payload) until the Q&A
// deadline; another supplier can neither ask on that entry nor read the question; the buyer
// answers, and every confirmed supplier — one confirming later too — reads the question and the
// answer on its entry without a trace of who asked; a supplier does not answer, the buyer does
// not ask.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { decideAll } from '@srm/platform';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown>;

const { ids, ok, call, suppliers, server, supplierUsers } = useProcurement();
const MIN = 60_000;
const state = { auctionId: 0, entryA: 0, entryB: 0, questionId: 0, qaDeadline: 0 };

const messages = (source: string) =>
  queryRows<{ supplierId: number | null; n: number }>(
    server().runtime.executor(),
    sql`select supplier_id::int as "supplierId", count(*)::int as n from base_site_message
         where source = ${source} group by supplier_id order by supplier_id`,
  );

/** An auction of screws to both suppliers, starting in half an hour for an hour. */
function auctionBody(title: string, qaDeadline: (now: number) => number): Row {
  const now = server().clock.nowMs();
  return {
    title,
    orgId: ids.orgA,
    currencyId: ids.currency,
    decrementType: 'AMOUNT',
    decrementValue: 0.01,
    startDate: now + 30 * MIN,
    endDate: now + 90 * MIN,
    qaDeadline: qaDeadline(now),
    items: [{ lineNum: 1, itemId: ids.screw, quantity: 1000, startPrice: 0.3 }],
    suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
  };
}

describe('auction questions and answers', () => {
  it('refuses a Q&A deadline after the end', async () => {
    const refused = await call(
      'srmAuction',
      'saveOrUpdate',
      auctionBody('答疑截止校验', (now) => now + 91 * MIN),
    );
    expect([refused.httpStatus, refused.body.msg]).toEqual([400, expect.stringContaining('答疑截止时间')]);
  });

  it('a confirmed supplier asks on its own entry, nobody else on it', async () => {
    // A user of each supplier: messages to a supplier reach its users.
    await supplierUsers('qa');
    state.qaDeadline = server().clock.nowMs() + 20 * MIN;
    const saved = await ok<Row & { auctionId: number }>(
      'srmAuction',
      'saveOrUpdate',
      auctionBody('带答疑的竞价', () => state.qaDeadline),
    );
    state.auctionId = saved.auctionId;
    await ok('srmAuction', 'doSubmit', { auctionId: state.auctionId });
    await decideAll(server().runtime, 'srmAuction', state.auctionId, 'approve');
    const entryOf = async (actor: typeof suppliers.a) => {
      const rows = await ok<Row[]>('srmAuctionEntry', 'listByPage', { pageRows: 50 }, actor);
      const entry = rows.find((row) => row.auctionId === state.auctionId)!;
      expect(entry.qaDeadline).toBe(state.qaDeadline);
      return Number(entry.entryId);
    };
    state.entryA = await entryOf(suppliers.a);
    state.entryB = await entryOf(suppliers.b);
    await ok('srmAuctionEntry', 'doConfirm', { entryId: state.entryA }, suppliers.a);

    // B has not confirmed: no question on its own entry.
    const unconfirmed = await call(
      'srmAuctionQuestion',
      'saveOrUpdate',
      { entryId: state.entryB, questionText: '能否分批交货？' },
      suppliers.b,
    );
    expect([unconfirmed.httpStatus, unconfirmed.body.status]).toEqual([400, 'E']);
    // B cannot ask on A's entry (it reads nothing of it).
    const foreign = await call(
      'srmAuctionQuestion',
      'saveOrUpdate',
      { entryId: state.entryA, questionText: '冒名提问' },
      suppliers.b,
    );
    expect(foreign.httpStatus).toBeGreaterThanOrEqual(400);
    expect(foreign.httpStatus).toBeLessThan(500);
    // A asks; naming another supplier is refused, the supplier comes from the entry.
    const named = await call(
      'srmAuctionQuestion',
      'saveOrUpdate',
      { entryId: state.entryA, supplierId: ids.supB, questionText: '冒名' },
      suppliers.a,
    );
    expect([named.httpStatus, named.body.msg]).toEqual([400, expect.stringContaining('不可修改')]);
    const question = await ok<Row & { questionId: number }>(
      'srmAuctionQuestion',
      'saveOrUpdate',
      { entryId: state.entryA, questionText: '含税价是否包含运费到苏州工厂？' },
      suppliers.a,
    );
    state.questionId = question.questionId;
    expect(question).toMatchObject({
      status: 'DRAFT',
      supplierId: ids.supA,
      auctionId: state.auctionId,
      title: '带答疑的竞价',
      questionNum: expect.stringMatching(/^AQ\d{12}$/),
    });
    // The buyer does not write questions.
    const byBuyer = await call('srmAuctionQuestion', 'saveOrUpdate', {
      entryId: state.entryA,
      questionText: '采购方代问',
    });
    expect(byBuyer.httpStatus).toBe(403);
    await ok('srmAuctionQuestion', 'doAsk', { questionId: state.questionId }, suppliers.a);
    expect(await ok<Row>('srmAuctionQuestion', 'findById', { questionId: state.questionId })).toMatchObject({
      status: 'ASKED',
      askedDate: expect.any(Number),
    });
    // B neither finds it nor lists it.
    const seen = await call('srmAuctionQuestion', 'findById', { questionId: state.questionId }, suppliers.b);
    expect(seen.httpStatus).toBe(404);
    expect((await ok<Row[]>('srmAuctionQuestion', 'listByPage', {}, suppliers.b)) ?? []).toEqual([]);
    // The auction's owner is told.
    expect((await messages('AUCTION_QUESTION')).reduce((sum, row) => sum + row.n, 0)).toBe(1);
  });

  it('the answer reaches every confirmed supplier without the asker', async () => {
    const bySupplier = await call(
      'srmAuctionQuestion',
      'doAnswer',
      {
        questionId: state.questionId,
        answerText: '包含',
      },
      suppliers.a,
    );
    expect([bySupplier.httpStatus, bySupplier.body.status]).toEqual([403, 'E']);
    const empty = await call('srmAuctionQuestion', 'doAnswer', {
      questionId: state.questionId,
      answerText: ' ',
    });
    expect([empty.httpStatus, empty.body.status]).toEqual([400, 'E']);
    await ok('srmAuctionQuestion', 'doAnswer', {
      questionId: state.questionId,
      answerText: '含税价包含运费，送货至苏州工厂仓库。',
    });
    const answers = async (entryId: number, actor: typeof suppliers.a) =>
      (await ok<Row & { answers: Row[] }>('srmAuctionEntry', 'findById', { entryId }, actor)).answers;
    const ofA = await answers(state.entryA, suppliers.a);
    expect(ofA).toEqual([
      expect.objectContaining({
        questionText: '含税价是否包含运费到苏州工厂？',
        answerText: '含税价包含运费，送货至苏州工厂仓库。',
      }),
    ]);
    // The asker reads its own question with the answer.
    expect(
      await ok<Row>('srmAuctionQuestion', 'findById', { questionId: state.questionId }, suppliers.a),
    ).toMatchObject({ status: 'ANSWERED', answerText: '含税价包含运费，送货至苏州工厂仓库。' });
    // B confirms afterwards and finds the answer given so far, with nothing of A in it.
    await ok('srmAuctionEntry', 'doConfirm', { entryId: state.entryB }, suppliers.b);
    const entryB = await ok<Row & { answers: Row[] }>(
      'srmAuctionEntry',
      'findById',
      { entryId: state.entryB },
      suppliers.b,
    );
    expect(entryB.answers.map((row) => row.answerText)).toEqual(['含税价包含运费，送货至苏州工厂仓库。']);
    const supplierA = await ok<Row>('srmSupplierInfo', 'findById', { supplierId: ids.supA });
    const text = JSON.stringify(entryB);
    for (const secret of [
      String(supplierA.supplierName),
      String(supplierA.supplierCode),
      'questionId',
      'supplierId":' + ids.supA,
    ])
      expect(text).not.toContain(secret);
    // A was told of the answer (B confirmed after it).
    expect(await messages('AUCTION_ANSWER')).toEqual([{ supplierId: ids.supA, n: 1 }]);
  });

  it('takes no question after the Q&A deadline', async () => {
    server().clock.set(state.qaDeadline);
    const late = await call(
      'srmAuctionQuestion',
      'saveOrUpdate',
      { entryId: state.entryB, questionText: '截止后提问' },
      suppliers.b,
    );
    expect([late.httpStatus, late.body.msg]).toEqual([400, expect.stringContaining('答疑已截止')]);
  });
});
