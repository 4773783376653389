// "Send supplier to ERP" (§7.2) through the interface outbox, against a fake ERP on 127.0.0.1: a
// definition on the change info's approval sends the supplier's new master data — the name, the
// contact and every bank account, the new one included, unmasked to the ERP — once, keyed by the
// change's number; nothing is sent on submit or for a change abolished. The same definition on
// `srmSupplierRegister` / `doApproval` sends a registration (docs/integrations.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { waitFor } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { type FakeErp, startFakeErp } from '@srm/domain/testing/fake-erp';

type Row = Record<string, unknown>;
type Change = Row & { changeId: number; versionNum: number; changeNum: string; accounts: Row[] };

const { ids, ok, server } = useProcurement();
let erp: FakeErp;

beforeAll(async () => {
  erp = await startFakeErp();
  const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
    definitionCode: 'SUPPLIER_TO_ERP',
    definitionName: '发送供应商变更到ERP',
    targetSystem: 'ERP',
    businessEntity: 'srmSupplierChange',
    triggerAction: 'doApproval',
    requestPath: '/vendor',
    idempotencyKeyTemplate: 'VENDOR-{changeNum}',
    orderingKeyTemplate: 'VENDOR-{supplierId}',
    successPath: 'code',
    successValue: '0',
    retryLimit: 3,
    retryDelayMs: 200,
    retryMaxDelayMs: 1_000,
    configs: [{ envCode: 'PROD', baseUrl: erp.url }],
    reqMaps: [
      { lineNum: 1, targetPath: 'vendorName', sourceType: 'FIELD', sourcePath: 'supplierName' },
      { lineNum: 2, targetPath: 'phone', sourceType: 'FIELD', sourcePath: 'contactPhone' },
      { lineNum: 3, targetPath: 'banks[].bank', sourceType: 'FIELD', sourcePath: 'accounts[].bankName' },
      {
        lineNum: 4,
        targetPath: 'banks[].account',
        sourceType: 'FIELD',
        sourcePath: 'accounts[].bankAccountNumber',
      },
      { lineNum: 5, targetPath: 'biz_id', sourceType: 'KEY' },
    ],
  });
  await ok('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
});
afterAll(async () => erp?.close());

const outbox = () =>
  ok<Row[]>('baseScsiOutbox', 'listByPage', { definitionCode: 'SUPPLIER_TO_ERP', pageRows: 100 });

/** Supplier A's change info, opened on its master, with these values and one more bank account. */
async function submittedChange(contactPhone: string, account: string): Promise<Change> {
  const opened = await ok<Change>('srmSupplierChange', 'saveOrUpdate', {
    supplierId: ids.supA,
    changeReason: '更换联系电话，新增结算账户',
  });
  const saved = await ok<Change>('srmSupplierChange', 'saveOrUpdate', {
    changeId: opened.changeId,
    versionNum: opened.versionNum,
    contactPhone,
    accounts: [
      ...opened.accounts.map((row) => ({ changeAccountId: row.changeAccountId })),
      {
        bankName: '招商银行',
        bankAccountName: String(opened.supplierName),
        bankAccountNumber: account,
        primaryFlag: 'N',
      },
    ],
  });
  await ok('srmSupplierChange', 'doSubmit', { changeId: saved.changeId, versionNum: saved.versionNum });
  return saved;
}

describe('send supplier to ERP', () => {
  it('sends the approved change once, with the new master data, and nothing before or for an abolished one', async () => {
    const change = await submittedChange('0512-66810099', '6214830512345678');
    expect(await outbox()).toEqual([]);
    await decideAll(server().runtime, 'srmSupplierChange', change.changeId, 'approve');
    const [sent] = await waitFor(outbox, (rows) => rows.length === 1 && rows[0]!.stateCode === 'SENT');
    const key = `VENDOR-${change.changeNum}`;
    expect(sent).toMatchObject({ idempotencyKey: key, businessId: change.changeId });
    expect(erp.effects(key)).toBe(1);
    const body = JSON.parse(erp.calls.find((received) => received.key === key)!.body) as Row & {
      banks: Row[];
    };
    expect(body).toMatchObject({ vendorName: change.supplierName, phone: '0512-66810099', biz_id: key });
    expect(body.banks.at(-1)).toEqual({ bank: '招商银行', account: '6214830512345678' });
    // The master took the change.
    const master = await ok('srmSupplierInfo', 'findById', { supplierId: ids.supA });
    expect(master.contactPhone).toBe('0512-66810099');

    const opened = await ok<Change>('srmSupplierChange', 'saveOrUpdate', {
      supplierId: ids.supA,
      changeReason: '误建',
    });
    await ok('srmSupplierChange', 'doAbolish', { changeId: opened.changeId, versionNum: opened.versionNum });
    expect(await outbox()).toHaveLength(1);
  });
});
