// Payment terms: when a term has nodes, their percentages add up to exactly 100 (summed as
// decimals, never as binary floating point).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

const SAVE = api('srmBasePaymentTerm', 'saveOrUpdate');

interface Node {
  paymentTermNodeId: number;
  nodeNum: number;
  nodeType: string;
  percent: number;
}
interface Term {
  paymentTermId: number;
  versionNum: number;
  nodes: Node[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas, seeds: seedsNamed(baseDataSeeds, 'lookups') });
});
afterAll(async () => server?.close());

const node = (nodeNum: number, nodeType: string, percent: number, dueDays = 0) => ({
  nodeNum,
  nodeType,
  percent,
  dueDays,
});

describe('payment nodes', () => {
  it('saves a term whose nodes make 100%, nodes in order', async () => {
    const { httpStatus, body } = await server.post<Term>(SAVE, {
      termCode: 'T-306010',
      termName: '预付30%+到货60%+验收10%',
      nodes: [node(3, 'ACCEPTANCE', 10, 30), node(1, 'ADVANCE', 30), node(2, 'DELIVERY', 60, 30)],
    });
    expect(httpStatus).toBe(200);
    expect(body.data.nodes.map((n) => [n.nodeNum, n.nodeType, n.percent])).toEqual([
      [1, 'ADVANCE', 30],
      [2, 'DELIVERY', 60],
      [3, 'ACCEPTANCE', 10],
    ]);
  });

  it('adds the percentages exactly: 10.05 + 74.1 + 15.85 is 100 (floating point says 99.99999999999999)', async () => {
    expect(10.05 + 74.1 + 15.85).not.toBe(100);
    const { httpStatus } = await server.post(SAVE, {
      termCode: 'T-EXACT',
      termName: '精确合计',
      nodes: [node(1, 'ADVANCE', 10.05), node(2, 'DELIVERY', 74.1), node(3, 'ACCEPTANCE', 15.85)],
    });
    expect(httpStatus).toBe(200);
  });

  it('refuses nodes that do not make 100% with a clear message in both languages', async () => {
    const body = {
      termCode: 'T-90',
      termName: '九成',
      nodes: [node(1, 'ADVANCE', 30), node(2, 'DELIVERY', 60)],
    };
    const zh = await server.post(SAVE, body);
    expect([zh.httpStatus, zh.body.msg]).toEqual([
      400,
      '付款节点：各节点付款比例合计必须等于 100%，当前合计 90%',
    ]);
    const en = await server.post(SAVE, body, { language: 'EN' });
    expect([en.httpStatus, en.body.msg]).toEqual([
      400,
      'Payment nodes: the node percentages must add up to exactly 100%; they add up to 90%',
    ]);
    const over = await server.post(SAVE, {
      ...body,
      nodes: [node(1, 'ADVANCE', 50.5), node(2, 'DELIVERY', 50)],
    });
    expect(over.body.msg).toBe('付款节点：各节点付款比例合计必须等于 100%，当前合计 100.5%');
    expect(await server.count("srm_base_payment_term where term_code = 'T-90'")).toBe(0);
  });

  it('checks the total after an edit of one node, and leaves the term unchanged when it fails', async () => {
    const term = await server.first<Term>('srmBasePaymentTerm', { termCode: 'T-306010' });
    const { body: stored } = await server.post<Term>(api('srmBasePaymentTerm', 'findById'), {
      paymentTermId: term.paymentTermId,
    });
    const [first, second, third] = stored.data.nodes;
    const broken = await server.post(SAVE, {
      paymentTermId: stored.data.paymentTermId,
      versionNum: stored.data.versionNum,
      nodes: [
        { paymentTermNodeId: first!.paymentTermNodeId, percent: 20 },
        { paymentTermNodeId: second!.paymentTermNodeId },
        { paymentTermNodeId: third!.paymentTermNodeId },
      ],
    });
    expect([broken.httpStatus, broken.body.msg]).toEqual([
      400,
      '付款节点：各节点付款比例合计必须等于 100%，当前合计 90%',
    ]);
    const moved = await server.post<Term>(SAVE, {
      paymentTermId: stored.data.paymentTermId,
      versionNum: stored.data.versionNum,
      nodes: [
        { paymentTermNodeId: first!.paymentTermNodeId, percent: 20 },
        { paymentTermNodeId: second!.paymentTermNodeId, percent: 70 },
        { paymentTermNodeId: third!.paymentTermNodeId },
      ],
    });
    expect(moved.httpStatus).toBe(200);
    expect(moved.body.data.nodes.map((n) => n.percent)).toEqual([20, 70, 10]);
  });

  it('a term without nodes may be saved (it is still being set up)', async () => {
    expect((await server.post(SAVE, { termCode: 'T-EMPTY', termName: '待定' })).httpStatus).toBe(200);
  });

  it('refuses a repeated node number, a percentage above 100 and more than two decimals', async () => {
    const base = { termCode: 'T-BAD', termName: '错误' };
    const repeated = await server.post(SAVE, {
      ...base,
      nodes: [node(1, 'ADVANCE', 50), node(1, 'DELIVERY', 50)],
    });
    expect([repeated.httpStatus, repeated.body.msg]).toEqual([400, '付款节点：节点序号 1 重复']);
    const above = await server.post(
      SAVE,
      { ...base, nodes: [node(1, 'ADVANCE', 100.01)] },
      { language: 'EN' },
    );
    expect([above.httpStatus, above.body.msg]).toEqual([
      400,
      'Payment nodes, line 1, Percentage (%): Cannot be greater than 100',
    ]);
    const precise = await server.post(SAVE, {
      ...base,
      nodes: [node(1, 'ADVANCE', 33.333), node(2, 'DELIVERY', 66.667)],
    });
    expect(precise.httpStatus).toBe(400);
    expect(precise.body.msg).toContain('最多保留 2 位小数');
    const badType = await server.post(SAVE, { ...base, nodes: [node(1, 'LATER', 100)] });
    expect([badType.httpStatus, badType.body.msg]).toEqual([
      400,
      '付款节点第 1 行，节点类型：不是有效的选项：LATER',
    ]);
  });
});
