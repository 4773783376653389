// ASL alterations over real HTTP: approved through the purchasing manager's task, they suspend,
// resume, modify and end entries of the approved supplier list; a change that does not fit the
// entry's state is refused when submitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@srm/platform/testing';
import {
  type AslServer,
  type Row,
  allowedBy,
  aslServer,
  decideAsl,
  listed,
  post,
} from '../agreements.testing';

let on: AslServer;

beforeAll(async () => {
  on = await aslServer();
  await listed(on, [{ supplierId: on.ids.supA, itemId: on.ids.mcu, priorityNum: 1 }]);
}, 240_000);
afterAll(async () => on?.server.close());

describe('ASL alteration', () => {
  const entryOf = async (supplierId: number) =>
    (
      await post<Row[]>(on, 'srmPurAsl', 'listByPage', {
        supplierId,
        itemId: on.ids.mcu,
        orgId: on.ids.ou100,
      })
    )[0]!;
  const allowed = async () =>
    (await allowedBy(on, on.ids.supA!, on.ids.mcu!, on.ids.ou100!)).body.data.allowed;

  async function alter(lines: Row[]): Promise<Row> {
    const doc = await post(on, 'srmPurAslAlteration', 'saveOrUpdate', {
      orgId: on.ids.ou100,
      alterationReason: '质量问题',
      lines,
    });
    await post(on, 'srmPurAslAlteration', 'doSubmit', { aslAlterationId: doc.aslAlterationId });
    const direct = await on.server.post(api('srmPurAslAlteration', 'doApproval'), {
      aslAlterationId: doc.aslAlterationId,
    });
    expect(direct.httpStatus).toBe(403);
    const approved = await decideAsl(on, 'srmPurAslAlteration', doc.aslAlterationId);
    expect(approved.status).toBe('APPROVED');
    return approved;
  }

  it('suspends, resumes, modifies and ends an entry', async () => {
    const supplierA = on.ids.supA!;
    const entry = await entryOf(supplierA);
    await alter([{ aslId: entry.aslId, alterationType: 'SUSPEND' }]);
    expect((await entryOf(supplierA)).aslStatus).toBe('SUSPENDED');
    expect(await allowed()).toBe(false);

    // Suspending twice is refused when submitted.
    const twice = await post(on, 'srmPurAslAlteration', 'saveOrUpdate', {
      orgId: on.ids.ou100,
      alterationReason: 'x',
      lines: [{ aslId: entry.aslId, alterationType: 'SUSPEND' }],
    });
    const refused = await on.server.post(api('srmPurAslAlteration', 'doSubmit'), {
      aslAlterationId: twice.aslAlterationId,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('不是有效状态，不能暂停');

    await alter([{ aslId: entry.aslId, alterationType: 'RESUME' }]);
    expect(await allowed()).toBe(true);

    await alter([
      { aslId: entry.aslId, alterationType: 'MODIFY', newPriorityNum: 5, newValidTo: '2020-01-01' },
    ]);
    expect(await entryOf(supplierA)).toMatchObject({
      priorityNum: 5,
      validTo: '2020-01-01',
      aslStatus: 'VALID',
    });
    // Validity ended in 2020: no longer allowed.
    expect(await allowed()).toBe(false);

    await alter([{ aslId: entry.aslId, alterationType: 'DISABLE' }]);
    expect((await entryOf(supplierA)).aslStatus).toBe('DISABLED');
  });
});
