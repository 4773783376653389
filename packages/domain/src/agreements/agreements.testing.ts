// Test fixtures of the area's objects, over real HTTP on the demo company: signed in as the demo
// users (buyer writes and submits, approver and finance decide through their pending tasks, the
// demo suppliers answer), or with the test header policy for the approved supplier list's tests.
import { expect } from 'vitest';
import type { Actor } from '@srm/platform';
import type { ApiClient } from '@srm/platform/api-client';
import { type Answer, api, startTestServer, type TestServer } from '@srm/platform/testing';
import { decideTask, demoApprover } from '../approval.testing';
import { domainSeeds, serverAreas } from '../areas.server';
import { DEMO_SUPPLIERS } from '../demo';
import { ok, qualifyForItems, signIn } from '../domain.testing';

export { ok, signIn } from '../domain.testing';

export type Row = Record<string, unknown>;

/** The demo company signed in: its users and the ids the tests name. */
export interface SignedIn {
  server: TestServer;
  admin: ApiClient;
  buyer: ApiClient;
  manager: ApiClient;
  finance: ApiClient;
  supA: ApiClient;
  supB: ApiClient;
  ids: Record<string, number>;
}

/**
 * A server on the demo data with the real sign-in, the demo users signed in, and the ids of the
 * demo suppliers, organisations, currency and two materials without demo documents (`screw`
 * 02020002 in PCS without decimals, `nut` 02040001).
 */
export async function signedIn(): Promise<SignedIn> {
  const server = await startTestServer({ areas: serverAreas, policy: 'signIn', seeds: domainSeeds });
  const admin = await signIn(server, 'admin');
  const first = async (entity: string, filters: Row, key: string) =>
    (await ok<Row[]>(admin, entity, 'listByPage', { ...filters, pageRows: 1 }))[0]![key] as number;
  const [a, b] = DEMO_SUPPLIERS;
  const ids: Record<string, number> = {
    supA: await first('srmSupplierInfo', { creditCode: a!.supplier.creditCode }, 'supplierId'),
    supB: await first('srmSupplierInfo', { creditCode: b!.supplier.creditCode }, 'supplierId'),
    ou100: await first('srmBaseOrg', { orgCode: 'OU100' }, 'orgId'),
    p110: await first('srmBaseOrg', { orgCode: 'P110' }, 'orgId'),
    p120: await first('srmBaseOrg', { orgCode: 'P120' }, 'orgId'),
    ou200: await first('srmBaseOrg', { orgCode: 'OU200' }, 'orgId'),
    cny: await first('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId'),
    screw: await first('srmBaseItem', { itemCode: '02020002' }, 'itemId'),
    nut: await first('srmBaseItem', { itemCode: '02040001' }, 'itemId'),
  };
  // Both demo suppliers qualified for what the tests list, agree and plan (eligibility asks it).
  const items = await Promise.all(
    ['02020002', '02040001', '01010001', '02030001', '02030002'].map((itemCode) =>
      first('srmBaseItem', { itemCode }, 'itemId'),
    ),
  );
  await qualifyForItems(server, [ids.supA!, ids.supB!], items, [ids.ou100!, ids.ou200!]);
  return {
    server,
    admin,
    buyer: await signIn(server, 'buyer'),
    manager: await signIn(server, 'approver'),
    finance: await signIn(server, 'finance'),
    supA: await signIn(server, 'sup_a'),
    supB: await signIn(server, 'sup_b'),
    ids,
  };
}

/** The decider's decision on the document's pending task, from its pending list (待办); null without one. */
export async function decide(
  client: ApiClient,
  entityName: string,
  documentId: unknown,
  action: 'doApprove' | 'doReject' = 'doApprove',
  comment?: string,
): Promise<Answer<Row> | null> {
  const tasks = await client.call<Row[]>('/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 500,
    entityName,
  });
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  if (!task) return null;
  return client.call<Row>(`/api/bpm/v1/bpmTaskRestful/${action}`, {
    taskId: task.taskId,
    ...(comment ? { comment } : {}),
  });
}

/** Approves through the process: the purchasing manager, then finance when its node applies. */
export async function approveByTasks(on: SignedIn, entityName: string, documentId: unknown): Promise<void> {
  const byManager = await decide(on.manager, entityName, documentId);
  expect(byManager?.body.status, byManager?.body.msg ?? 'no task for the manager').toBe('S');
  const byFinance = await decide(on.finance, entityName, documentId);
  if (byFinance) expect(byFinance.body.status, byFinance.body.msg).toBe('S');
}

/** An approved ASL entry for the supplier and material at the organisation (agreements are checked against it). */
export async function listOnAsl(on: SignedIn, supplierId: number, itemId: number, orgId: number) {
  const listed = await ok<{ allowed: boolean }>(on.admin, 'srmPurAsl', 'checkAllowed', {
    supplierId,
    itemId,
    orgId,
  });
  if (listed.allowed) return; // the demo data may have listed it already
  const doc = await ok(on.admin, 'srmPurAslApply', 'saveOrUpdate', {
    orgId,
    applyReason: '协议前置货源',
    lines: [{ supplierId, itemId }],
  });
  await ok(on.admin, 'srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
  await approveByTasks(on, 'srmPurAslApply', doc.aslApplyId);
}

// ------------------------------------------------------------------ the test header policy

/** The demo data with the test header policy (an internal administrator unless a test says who). */
export interface AslServer {
  server: TestServer;
  /** The demo purchasing manager, who approves through the pending tasks. */
  approver: Partial<Actor>;
  ids: Record<string, number>;
}

/**
 * A server on the demo data with the test header policy, and the ids of the demo suppliers,
 * organisations and three materials: `mcu` 01010001 and `ldo` 01010002 (category 0101), `screw`
 * 02030001.
 */
export async function aslServer(): Promise<AslServer> {
  const server = await startTestServer({ areas: serverAreas, seeds: domainSeeds });
  const idOf = async (entity: string, filters: Row, key: string) =>
    (await server.first<Row>(entity, filters))[key] as number;
  const [a, b] = DEMO_SUPPLIERS;
  const ids = {
    supA: await idOf('srmSupplierInfo', { creditCode: a!.supplier.creditCode }, 'supplierId'),
    supB: await idOf('srmSupplierInfo', { creditCode: b!.supplier.creditCode }, 'supplierId'),
    ou100: await idOf('srmBaseOrg', { orgCode: 'OU100' }, 'orgId'),
    p110: await idOf('srmBaseOrg', { orgCode: 'P110' }, 'orgId'),
    p210: await idOf('srmBaseOrg', { orgCode: 'P210' }, 'orgId'),
    ou200: await idOf('srmBaseOrg', { orgCode: 'OU200' }, 'orgId'),
    mcu: await idOf('srmBaseItem', { itemCode: '01010001' }, 'itemId'),
    ldo: await idOf('srmBaseItem', { itemCode: '01010002' }, 'itemId'),
    screw: await idOf('srmBaseItem', { itemCode: '02030001' }, 'itemId'),
  };
  // Both demo suppliers qualified for the three materials (eligibility asks it of every line).
  await qualifyForItems(server, [ids.supA, ids.supB], [ids.mcu, ids.ldo, ids.screw], [ids.ou100, ids.ou200]);
  return { server, approver: await demoApprover(server), ids };
}

export async function post<T = Row>(
  on: AslServer,
  entity: string,
  action: string,
  body: unknown,
  options: { language?: 'EN'; actor?: Partial<Actor> } = {},
): Promise<T> {
  const answer = await on.server.post<T>(api(entity, action), body, options);
  expect(answer.body.status, `${entity}/${action}: ${answer.body.msg}`).toBe('S');
  return answer.body.data;
}

/** The approver's decision through the pending task; the document as it is then. */
export async function decideAsl(
  on: AslServer,
  entity: 'srmPurAslApply' | 'srmPurAslAlteration',
  documentId: unknown,
  action: 'doApprove' | 'doReject' = 'doApprove',
  comment?: string,
): Promise<Row> {
  const answer = await decideTask(on.server, on.approver, entity, documentId, action, comment);
  expect(answer.body.status, answer.body.msg).toBe('S');
  const key = entity === 'srmPurAslApply' ? 'aslApplyId' : 'aslAlterationId';
  return on.server.first<Row>(entity, { [key]: documentId });
}

/** An ASL application at the organisation with these lines (a draft). */
export function applyFor(on: AslServer, lines: Row[], orgId = on.ids.ou100!): Promise<Row> {
  return post(on, 'srmPurAslApply', 'saveOrUpdate', { orgId, applyReason: '新供应商导入', lines });
}

/** Lines listed through an application submitted and approved. */
export async function listed(on: AslServer, lines: Row[], orgId = on.ids.ou100!): Promise<Row> {
  const doc = await applyFor(on, lines, orgId);
  await post(on, 'srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
  return decideAsl(on, 'srmPurAslApply', doc.aslApplyId);
}

/** What `checkAllowed` answers (as the administrator unless an actor is given). */
export const allowedBy = (
  on: AslServer,
  supplierId: number,
  itemId: number,
  orgId: number,
  actor?: Partial<Actor>,
) =>
  on.server.post<{ allowed: boolean; aslId: number | null; aslCode: string | null }>(
    api('srmPurAsl', 'checkAllowed'),
    { supplierId, itemId, orgId },
    actor ? { actor } : {},
  );
