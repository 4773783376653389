// The portal of a supplier that quit as a whole, over the real sign-in: 无锡金桥's cashier works in
// the full portal; the quit takes effect while an advance paid to 金桥 is still open in the ledger,
// so her session ends and her next sign-in has the settlement only (statements, invoices, payments,
// advances, her ledger; her orders to read) — no change info, no delivery notes. The daily program
// leaves the portal open while the advance is open; once it is collected back, the program closes
// the portal: she is disabled, told by e-mail, and cannot sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import {
  type ApiClient,
  type Mailbox,
  type TestServer,
  api,
  runExecutable,
  startMailbox,
  startTestServer,
} from '@srm/platform/testing';
import { domainSeeds, serverAreas } from '../../areas.server';
import { ok, signIn } from '../../domain.testing';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { effectQuits } from './supplier-quit.actions';

type Row = Record<string, unknown>;
const PASSWORD = 'Jq@cashier2026';
const CASHIER = 'jq_cashier';

let server: TestServer;
let mailbox: Mailbox;
let admin: ApiClient;
const ids: Record<string, number> = {};

const first = async (entity: string, filters: Row, key: string) =>
  Number((await ok<Row[]>(admin, entity, 'listByPage', { ...filters, pageRows: 1 }))[0]![key]);
/** What the signed-in caller may do: the resources of its current responsibility. */
const resources = async (client: ApiClient) =>
  (await client.call<{ resources: string[] }>('/api/base/v1/auth/current', {})).body.data.resources;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    areas: serverAreas,
    policy: 'signIn',
    seeds: domainSeeds,
    smtpUrl: mailbox.url,
  });
  admin = await signIn(server, 'admin');
  ids.jq = await first('srmSupplierInfo', { creditCode: '91320211MA1P8GDK6E' }, 'supplierId');
  ids.ou100 = await first('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  ids.cny = await first('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId');
  const portal = await first(
    'baseResponsibility',
    { responsibilityCode: 'SUPPLIER_PORTAL' },
    'responsibilityId',
  );
  const cashier = await ok<Row>(admin, 'baseUser', 'saveOrUpdate', {
    userName: CASHIER,
    userFullName: '金桥出纳 陈静',
    userType: 'EXTERNAL',
    supplierId: ids.jq,
    email: 'chenjing@jinqiao.example.com',
    languageCode: 'CN',
    responsibilities: [{ responsibilityId: portal, defaultFlag: 'Y' }],
  });
  ids.cashier = Number(cashier.userId);
  await server.identity.setPassword(ids.cashier, PASSWORD, false);
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

describe('the portal of a supplier that quit as a whole', () => {
  it('stays open for the settlement only while money is open, then closes', async () => {
    const cashier = await signIn(server, CASHIER, PASSWORD);
    expect(await resources(cashier)).toContain('srmSupplierChange.save');

    // An advance of 500.00 paid to 金桥: its ledger holds it until it is applied or collected.
    const today = dayIn(server.clock.now(), server.runtime.timeZone);
    const advance = await ok<Row>(admin, 'srmStlAdvance', 'saveOrUpdate', {
      supplierId: ids.jq,
      orgId: ids.ou100,
      currencyId: ids.cny,
      applyDate: today,
      amount: 500,
      reason: '刀具采购预付款',
    });
    await ok(admin, 'srmStlAdvance', 'doSubmit', { advanceId: advance.advanceId });
    await decideAll(server.runtime, 'srmStlAdvance', Number(advance.advanceId), 'approve');
    await ok(admin, 'srmStlAdvance', 'doPay', {
      advanceId: advance.advanceId,
      bankReference: 'B20261204001',
    });

    // The whole supplier quits today: in effect at its approval.
    const quit = await ok<Row>(admin, 'srmSupplierQuit', 'saveOrUpdate', {
      supplierId: ids.jq,
      quitScope: 'WHOLE',
      effectiveDate: today,
      publicReason: '贵司已停止机加工业务',
    });
    await ok(admin, 'srmSupplierQuit', 'doSubmit', { quitId: quit.quitId });
    await decideAll(server.runtime, 'srmSupplierQuit', Number(quit.quitId), 'approve');
    expect((await ok<Row>(admin, 'srmSupplierQuit', 'findById', { quitId: quit.quitId })).status).toBe(
      'EFFECTIVE',
    );

    // Her session ended; signed in again she has the settlement only.
    expect((await cashier.call(api('srmStlAdvance', 'listByPage'), {})).httpStatus).toBe(401);
    const settling = await signIn(server, CASHIER, PASSWORD);
    const granted = await resources(settling);
    expect(granted).toEqual(
      expect.arrayContaining(['srmStlAccountHeader.doSupplierConfirm', 'srmStlInvoiceHeader.save']),
    );
    expect(granted).toEqual(expect.arrayContaining(['srmSupplierInfo.view', 'srmPoHeader.view']));
    expect(granted).not.toContain('srmSupplierChange.save');
    expect(granted).not.toContain('srmPurAsnHeader.save');
    expect(granted).not.toContain('srmPoHeader.doSupplierConfirm');
    const change = await settling.call(api('srmSupplierChange', 'saveOrUpdate'), { supplierId: ids.jq });
    expect(change.httpStatus).toBe(403);
    // What the settlement needs she still reads: her advance.
    const mine = await ok<Row[]>(settling, 'srmStlAdvance', 'listByPage', {});
    expect(mine.map((row) => row.advanceNumber)).toEqual([advance.advanceNumber]);

    // The daily program leaves the portal open while the advance is open …
    expect(await runExecutable(server, effectQuits)).toBe('0 took effect');
    expect((await ok<Row[]>(settling, 'srmStlAdvance', 'listByPage', {})).length).toBe(1);

    // … and closes it once the advance is collected back.
    await ok(admin, 'srmStlAdvance', 'doCollect', { advanceId: advance.advanceId, comment: '退回预付款' });
    expect(await runExecutable(server, effectQuits)).toBe('0 took effect, 1 portals closed');
    const user = await ok<Row>(admin, 'baseUser', 'findById', { userId: ids.cashier });
    expect(user.status).toBe('DISABLED');
    expect((await settling.call(api('srmStlAdvance', 'listByPage'), {})).httpStatus).toBe(401);
    const refused = await settling.login(CASHIER, PASSWORD);
    expect(refused.body.status).toBe('E');
    await mailbox.waitFor('chenjing@jinqiao.example.com', /门户已关闭/);
    // Nothing left to close the next day.
    expect(await runExecutable(server, effectQuits)).toBe('0 took effect');
  });
});
