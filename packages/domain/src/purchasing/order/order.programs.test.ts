// PO_AUTO_CLOSE run as a concurrent request: a confirmed order received in full is closed, one
// received in part is left open, and its submitter's log and CSV output name what was closed.
import { describe, expect, it } from 'vitest';
import type { Actor } from '@srm/platform';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown> & { lines?: Row[] };
const procurement = useProcurement();
const { ids, ok, releasedOrder, server, suppliers } = procurement;

describe('PO_AUTO_CLOSE (关闭已全部收货的订单)', () => {
  it('closes the confirmed orders received in full, leaves the others, and lists what it closed', async () => {
    const confirmedAndReceived = async (screws: number, brackets: number) => {
      const order = await releasedOrder();
      await ok('srmPoHeader', 'doSupplierConfirm', { poHeaderId: order.poHeaderId }, suppliers.a);
      const [a, b] = order.lines!;
      const note = await ok(
        'srmPurAsnHeader',
        'createFromOrderLines',
        {
          shipDate: '2026-12-01',
          lines: [
            { poLineId: a!.poLineId, shipQuantity: screws },
            { poLineId: b!.poLineId, shipQuantity: brackets },
          ],
        },
        suppliers.a,
      );
      await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, suppliers.a);
      await ok('srmPurReceiveHeader', 'receiveAsn', {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
      });
      return order;
    };
    const full = await confirmedAndReceived(100, 30);
    const part = await confirmedAndReceived(60, 30);
    // The buyer's responsibility may submit it through a request group.
    const responsibility = await ok('baseResponsibility', 'saveOrUpdate', {
      responsibilityCode: 'PO_CLOSE_TEST',
      responsibilityName: '关单测试',
      side: 'INTERNAL',
    });
    // As the demo defines it (scheduler.seed.ts).
    const program = await ok('baseConcurrentProgram', 'saveOrUpdate', {
      programCode: 'PO_AUTO_CLOSE',
      programName: '关闭已全部收货的订单',
      executableName: 'PO_AUTO_CLOSE',
      outputType: 'CSV',
      params: [
        { lineNum: 1, paramName: 'orgId', paramLabel: '业务实体', paramKind: 'REF', refEntity: 'srmBaseOrg' },
      ],
    });
    await ok('baseRequestGroup', 'saveOrUpdate', {
      groupCode: 'PO_CLOSE_TEST',
      groupName: '关单',
      programs: [{ lineNum: 1, programId: program.programId }],
      responsibilities: [{ lineNum: 1, responsibilityId: responsibility.responsibilityId }],
    });
    // The request runs as its submitter: a buyer of the organisation, in this responsibility.
    const user = await ok('baseUser', 'saveOrUpdate', {
      userName: 'closer',
      userFullName: '关单员',
      userType: 'INTERNAL',
      allOrgsFlag: 'N',
      allCategoriesFlag: 'Y',
      responsibilities: [{ responsibilityId: responsibility.responsibilityId, defaultFlag: 'Y' }],
      orgPermits: [{ orgId: ids.orgA }],
    });
    const buyer: Partial<Actor> = {
      userId: user.userId as number,
      orgIds: [ids.orgA],
      responsibilityId: responsibility.responsibilityId as number,
    };
    const request = await ok(
      'baseConcurrentRequest',
      'doSubmit',
      { programId: program.programId, parameters: { orgId: ids.orgA } },
      buyer,
    );
    let done: Row = request;
    for (let waited = 0; done.phaseCode !== 'COMPLETED' && waited < 200; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await ok('baseConcurrentRequest', 'findById', { requestId: request.requestId }, buyer);
    }
    expect(done).toMatchObject({ phaseCode: 'COMPLETED', statusCode: 'NORMAL' });
    expect(done.completionText).toMatch(/^关闭 1 张，共检查 \d+ 张$/);
    const status = async (order: Row) =>
      (await ok('srmPoHeader', 'findById', { poHeaderId: order.poHeaderId })).status;
    expect(await status(full)).toBe('CLOSED');
    expect(await status(part)).toBe('CONFIRMED');
    const log = await ok<Row[]>('baseConcurrentRequest', 'findLog', { requestId: request.requestId }, buyer);
    expect(log.map((line) => line.message)).toContain(`已关闭订单 ${String(full.poNumber)}`);
    const output = await ok<{ attachmentId: number }>(
      'baseConcurrentRequest',
      'downloadOutput',
      { requestId: request.requestId },
      buyer,
    );
    const file = await fetch(`${server().url}/api/file/v2/file/download?id=${output.attachmentId}`, {
      method: 'POST',
      headers: { 'x-test-actor': JSON.stringify(buyer) },
    });
    const csv = (await file.text()).trim().split('\n');
    expect(csv[0]).toBe('poNumber,supplier,amountExclTax');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([full.poNumber]);
  });
});
