// Pattern making over HTTP on a real database: the buyer sends a request with drawings and two
// materials to suppliers A and B; each gets its own reply with its own copies of the drawings and
// reads nothing of the request or of the other; A quotes a fee and lead time per material (the
// totals mirrored on the request), B declines; the buyer sends A's quote back, A revises it, the
// fee goes through approval, A records its shipment, the buyer decides each material and finishes
// the reply; who writes which field when is the engine's.
import { describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { TEST_ACTOR_HEADER } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';

type Row = Record<string, unknown>;
type Line = Row & { replyLineId: number; lineNum: number };
type Reply = Row & { replyId: number; versionNum: number; status: string; replyNum: string; lines: Line[] };
type Request = Row & {
  patternMakingId: number;
  versionNum: number;
  status: string;
  suppliers: (Row & { supplierId: number; replyId: number | null })[];
};

const { ids, ok, call, suppliers, server } = useProcurement();
const state = { request: {} as Request, replyA: 0, replyB: 0, drawing: 0 };

const findReply = (replyId: number, actor?: Row) =>
  ok<Reply>('srmPatternMakingReply', 'findById', { replyId }, actor);
const findRequest = () =>
  ok<Request>('srmPatternMaking', 'findById', { patternMakingId: state.request.patternMakingId });

async function upload(name: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), name);
  const response = await fetch(`${server().url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify({ userId: 1, userName: 'buyer1' }) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: { id: number }[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id;
}

const download = (fileId: unknown, actor: Row) =>
  fetch(`${server().url}/api/file/v2/file/download?id=${String(fileId)}`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
  });

/** The supplier's quote on its reply: a fee and a lead time per material. */
const quote = (reply: Reply, values: [number | null, number | null][], actor: Row) =>
  call(
    'srmPatternMakingReply',
    'saveOrUpdate',
    {
      replyId: reply.replyId,
      versionNum: reply.versionNum,
      quoteNote: '含模具摊销',
      lines: reply.lines.map((line, index) => ({
        replyLineId: line.replyLineId,
        sampleFee: values[index]![0],
        leadTimeDays: values[index]![1],
      })),
    },
    actor,
  );

describe('pattern making', () => {
  it('sends each supplier its own reply with the materials and its own copies of the drawings', async () => {
    state.drawing = await upload('支架图纸 B-07.pdf');
    const today = dayIn(server().clock.now(), server().runtime.timeZone);
    const body = {
      title: '新型电机支架打样',
      orgId: ids.orgA,
      currencyId: ids.currency,
      requestNote: '按图纸 B-07 制作，材料 SPCC 1.5mm，表面镀锌',
      quoteDueDate: addDays(today, 5),
      needByDate: addDays(today, 30),
      drawingIds: String(state.drawing),
      materials: [
        { lineNum: 1, materialName: '电机支架 B 型', drawingNo: 'B-07', sampleQuantity: 5 },
        { lineNum: 2, materialName: '电机支架（现行型号）', itemId: ids.bracket, sampleQuantity: 3 },
      ],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supA }],
    };
    const twice = await call('srmPatternMaking', 'saveOrUpdate', body);
    expect([twice.httpStatus, twice.body.msg]).toEqual([400, '打样供应商第 2 行，供应商：与第 1 行重复']);
    state.request = await ok<Request>('srmPatternMaking', 'saveOrUpdate', {
      ...body,
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
    });
    expect(state.request.patternNum).toMatch(/^PM\d{12}$/);
    // A supplier blacklisted after it was named is refused on sending.
    const blacklisted = (flag: string) =>
      server()
        .runtime.executor()
        .execute(`update srm_supplier_info set blacklist_flag = '${flag}' where supplier_id = ${ids.supB}`);
    await blacklisted('Y');
    const barred = await call('srmPatternMaking', 'doSend', {
      patternMakingId: state.request.patternMakingId,
    });
    expect([barred.httpStatus, barred.body.msg]).toEqual([
      422,
      expect.stringMatching(/^打样供应商：供应商“.+”已退出或在黑名单中，不能邀请打样$/),
    ]);
    await blacklisted('N');
    await ok('srmPatternMaking', 'doSend', { patternMakingId: state.request.patternMakingId });

    const sent = await findRequest();
    expect(sent.status).toBe('SENT');
    expect(sent.suppliers.map((row) => row.replyStatus)).toEqual(['DRAFT', 'DRAFT']);
    state.replyA = sent.suppliers.find((row) => row.supplierId === ids.supA)!.replyId!;
    state.replyB = sent.suppliers.find((row) => row.supplierId === ids.supB)!.replyId!;
    const mine = await findReply(state.replyA, suppliers.a);
    expect(mine).toMatchObject({
      status: 'DRAFT',
      title: '新型电机支架打样',
      quoteDueDate: addDays(today, 5),
    });
    expect(mine.lines.map((line) => [line.materialName, line.sampleQuantity, line.sampleResult])).toEqual([
      ['电机支架 B 型', 5, 'PENDING'],
      ['电机支架（现行型号）', 3, 'PENDING'],
    ]);

    // Supplier A reads its copy of the drawing, not B's, nor the request or B's reply.
    const [copyA] = String(mine.drawingIds).split(',');
    const copyB = String((await findReply(state.replyB)).drawingIds);
    expect(copyA).not.toBe(String(state.drawing));
    expect((await download(copyA, suppliers.a)).status).toBe(200);
    for (const fileId of [copyB, state.drawing])
      expect((await download(fileId, suppliers.a)).status).not.toBe(200);
    const listed = await ok<Row[]>('srmPatternMakingReply', 'listByPage', {}, suppliers.a);
    expect(listed.map((row) => row.replyId)).toEqual([state.replyA]);
    expect(
      (await call('srmPatternMakingReply', 'findById', { replyId: state.replyB }, suppliers.a)).body.status,
    ).toBe('E');
    expect((await call('srmPatternMaking', 'listByPage', {}, suppliers.a)).httpStatus).toBe(403);
  });

  it('takes a quote per material, mirrored on the request; a decline; a quote sent back and revised', async () => {
    let reply = await findReply(state.replyA, suppliers.a);
    // The supplier writes no result, and quotes every material before submitting.
    const result = await call(
      'srmPatternMakingReply',
      'saveOrUpdate',
      {
        replyId: reply.replyId,
        versionNum: reply.versionNum,
        lines: [{ replyLineId: reply.lines[0]!.replyLineId, sampleResult: 'APPROVED' }],
      },
      suppliers.a,
    );
    expect(result.httpStatus).toBe(403);
    const partial = await quote(
      reply,
      [
        [1200.5, 10],
        [null, null],
      ],
      suppliers.a,
    );
    expect(partial.body.status, partial.body.msg).toBe('S');
    reply = await findReply(state.replyA, suppliers.a);
    const early = await call('srmPatternMakingReply', 'doQuote', { replyId: reply.replyId }, suppliers.a);
    expect([early.httpStatus, early.body.msg]).toEqual([
      422,
      '打样物料：第 2 行“电机支架（现行型号）”尚未填写打样费用和打样周期',
    ]);
    expect(
      (
        await quote(
          reply,
          [
            [1200.5, 10],
            [800, 15],
          ],
          suppliers.a,
        )
      ).body.status,
    ).toBe('S');
    await ok('srmPatternMakingReply', 'doQuote', { replyId: reply.replyId }, suppliers.a);
    const quoted = await findReply(state.replyA);
    expect(quoted).toMatchObject({ status: 'QUOTED', totalFee: 2000.5, leadTimeDays: 15 });

    const declined = await call(
      'srmPatternMakingReply',
      'doDecline',
      { replyId: state.replyB, comment: '产能不足' },
      suppliers.b,
    );
    expect(declined.body.status, declined.body.msg).toBe('S');
    expect(
      (await findRequest()).suppliers.map((row) => [
        row.supplierId,
        row.replyStatus,
        row.totalFee,
        row.leadTimeDays,
      ]),
    ).toEqual([
      [ids.supA, 'QUOTED', 2000.5, 15],
      [ids.supB, 'DECLINED', null, null],
    ]);

    await ok('srmPatternMakingReply', 'doReturnQuote', { replyId: state.replyA, comment: '请细分模具费' });
    reply = await findReply(state.replyA, suppliers.a);
    expect(reply).toMatchObject({ status: 'DRAFT', replyComment: '请细分模具费' });
    expect(
      (
        await quote(
          reply,
          [
            [1100, 10],
            [780, 12],
          ],
          suppliers.a,
        )
      ).body.status,
    ).toBe('S');
    await ok('srmPatternMakingReply', 'doQuote', { replyId: state.replyA }, suppliers.a);
    expect(await findReply(state.replyA)).toMatchObject({
      status: 'QUOTED',
      totalFee: 1880,
      leadTimeDays: 12,
    });
    // The buyer was told of both quotes and of the decline.
    expect(await server().count('base_site_message')).toBeGreaterThanOrEqual(3);
  });

  it('approves the fee, takes the shipment, decides each material and finishes the reply', async () => {
    await ok('srmPatternMakingReply', 'doSubmit', { replyId: state.replyA });
    const closing = await call('srmPatternMaking', 'doClose', {
      patternMakingId: state.request.patternMakingId,
      comment: '已选定供应商',
    });
    expect([closing.httpStatus, closing.body.msg]).toEqual([422, expect.stringContaining('打样费用审批中')]);
    await decideAll(server().runtime, 'srmPatternMakingReply', state.replyA, 'approve');
    let reply = await findReply(state.replyA, suppliers.a);
    expect(reply.status).toBe('APPROVED');

    // The quote is fixed now; the shipment is the supplier's.
    const refee = await quote(
      reply,
      [
        [1, 1],
        [1, 1],
      ],
      suppliers.a,
    );
    expect(refee.httpStatus).toBe(403);
    const shipped = await call(
      'srmPatternMakingReply',
      'saveOrUpdate',
      {
        replyId: reply.replyId,
        versionNum: reply.versionNum,
        lines: reply.lines.map((line) => ({
          replyLineId: line.replyLineId,
          shippedQuantity: line.sampleQuantity,
          shipDate: '2026-12-12',
          waybillNo: 'SF1234567890',
        })),
      },
      suppliers.a,
    );
    expect(shipped.body.status, shipped.body.msg).toBe('S');

    reply = await findReply(state.replyA);
    const decide = (second: Row) =>
      call('srmPatternMakingReply', 'saveOrUpdate', {
        replyId: reply.replyId,
        versionNum: reply.versionNum,
        resultNote: 'B 型合格，现行型号孔位偏移',
        lines: [
          { replyLineId: reply.lines[0]!.replyLineId, sampleResult: 'APPROVED' },
          { replyLineId: reply.lines[1]!.replyLineId, ...second },
        ],
      });
    expect((await decide({ sampleResult: 'REJECTED' })).body.status).toBe('S');
    const unexplained = await call('srmPatternMakingReply', 'doFinish', { replyId: reply.replyId });
    expect([unexplained.httpStatus, unexplained.body.msg]).toEqual([
      422,
      '打样物料：物料“电机支架（现行型号）”判定为不合格，请填写判定说明',
    ]);
    reply = await findReply(state.replyA);
    expect((await decide({ sampleResult: 'REJECTED', resultComment: '孔位偏移 0.8mm' })).body.status).toBe(
      'S',
    );
    await ok('srmPatternMakingReply', 'doFinish', { replyId: reply.replyId });
    const done = await findReply(state.replyA, suppliers.a);
    expect(done.status).toBe('FINISHED');
    expect(done.lines.map((line) => [line.sampleResult, line.resultComment ?? null])).toEqual([
      ['APPROVED', null],
      ['REJECTED', '孔位偏移 0.8mm'],
    ]);
    expect((await findRequest()).suppliers[0]).toMatchObject({ replyStatus: 'FINISHED', approvedCount: 1 });

    await ok('srmPatternMaking', 'doClose', {
      patternMakingId: state.request.patternMakingId,
      comment: '打样完成',
    });
    expect((await findReply(state.replyA)).status).toBe('FINISHED');
    expect((await findRequest()).status).toBe('CLOSED');
  });

  it('生成合同: the reply whose fee was approved drafts its sample contract, priced with tax at the fees, once', async () => {
    type Made = {
      contractId: number;
      supplierId: number;
      created: boolean;
      amountInclTax: number;
      status: string;
    };
    const make = (replyId: number, actor?: Row) =>
      call<{ contracts: Made[] }>('srmCctContract', 'createFromPatternMaking', { replyId }, actor);
    const declined = await make(state.replyB);
    expect([declined.httpStatus, declined.body.msg]).toEqual([
      409,
      `打样报价 ${(await findReply(state.replyB)).replyNum} 的费用尚未审批通过，不能生成合同`,
    ]);
    const bySupplier = await make(state.replyA, suppliers.a);
    expect([bySupplier.httpStatus, bySupplier.body.status]).toEqual([403, 'E']);

    const made = await make(state.replyA);
    expect(made.body.status, made.body.msg).toBe('S');
    const [first] = made.body.data.contracts;
    expect(first).toMatchObject({
      supplierId: ids.supA,
      created: true,
      amountInclTax: 1880,
      status: 'DRAFT',
    });
    const reply = await findReply(state.replyA);
    const drafted = await ok<Row & { items: Row[] }>('srmCctContract', 'findById', {
      contractId: first!.contractId,
    });
    expect(drafted).toMatchObject({
      contractName: '新型电机支架打样 打样合同',
      contractType: 'MAIN',
      status: 'DRAFT',
      orgId: ids.orgA,
      supplierId: ids.supA,
      currencyId: ids.currency,
      sourceType: 'PATTERN',
      sourceNum: reply.replyNum,
      taxIncludedFlag: 'Y',
      amountInclTax: 1880,
    });
    // The new part without a code takes its name, drawing and 个; the coded one its material's unit
    // and specification.
    // 1,100 for 5 samples and 780 for 3: 220 and 260 a piece with tax, the totals the fees exactly.
    expect(
      drafted.items.map((line) => [
        line.itemId ?? null,
        line.itemDescription,
        line.specification,
        line.uomName,
        line.quantity,
        line.unitPriceInclTax,
        line.amountInclTax,
        line.sourceLineKey,
      ]),
    ).toEqual([
      [
        null,
        '电机支架 B 型',
        '图号 B-07',
        '个',
        5,
        220,
        1100,
        `PATTERN:${reply.replyNum}:L:${reply.lines[0]!.replyLineId}`,
      ],
      [
        ids.bracket,
        '电机支架（现行型号）',
        'SPCC 2.0mm，折弯，黑色喷粉',
        '个',
        3,
        260,
        780,
        `PATTERN:${reply.replyNum}:L:${reply.lines[1]!.replyLineId}`,
      ],
    ]);

    // Pressed again: the same contract, nothing made twice.
    const again = await make(state.replyA);
    expect(again.body.data.contracts.map((row) => [row.contractId, row.created])).toEqual([
      [first!.contractId, false],
    ]);
    expect(again.body.msg).toBe(`该打样报价已生成过合同：${String(drafted.contractNumber)}`);
  });
});
