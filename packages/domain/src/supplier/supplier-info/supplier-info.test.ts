// The supplier master: one primary bank account at most, an import of headers alone, and toPortal, which opens the first
// portal login of a supplier a buyer created (once, under a free login name), mailed to its
// contact and recorded in the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '@srm/platform/testing';
import { type Mailbox, startMailbox } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { withCreditCodeCheck } from '@srm/kernel';
import { SYSTEM_ACTOR } from '@srm/platform';

type Row = Record<string, unknown>;

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ areas: serverAreas, smtpUrl: mailbox.url });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const account = (bankAccountNumber: string, primaryFlag: 'Y' | 'N') => ({
  bankName: '中国工商银行',
  bankAccountName: '扬州宏泰五金制品有限公司',
  bankAccountNumber,
  primaryFlag,
});

async function newSupplier(n: number, extra: Row = {}) {
  const saved = await server.post<Row & { supplierId: number; supplierCode: string }>(
    api('srmSupplierInfo', 'saveOrUpdate'),
    {
      supplierName: `扬州宏泰五金制品有限公司${n}`,
      creditCode: withCreditCodeCheck(`9132100${n}MA1T4KQX2`),
      contactName: '孙宏',
      contactMobile: '13952710021',
      contactEmail: `sunhong${n}@hongtai-hw.example.cn`,
      ...extra,
    },
  );
  expect(saved.body.status, saved.body.msg).toBe('S');
  return saved.body.data;
}

describe('the supplier master', () => {
  it('keeps one primary bank account at most', async () => {
    const two = await server.post(api('srmSupplierInfo', 'saveOrUpdate'), {
      supplierName: '扬州宏泰五金制品有限公司',
      creditCode: '91321003MA1T4KQX2Q',
      contactName: '孙宏',
      contactMobile: '13952710021',
      contactEmail: 'sunhong@hongtai-hw.example.cn',
      accounts: [account('622202100111', 'Y'), account('622202100222', 'Y')],
    });
    expect([two.httpStatus, two.body.msg]).toEqual([400, '银行账户：只能有一个主银行账户']);
    const supplier = await newSupplier(1, {
      accounts: [account('622202100111', 'Y'), account('622202100222', 'N')],
    });
    expect(supplier.supplierCode).toMatch(/^SUP\d{6}$/);
  });
});

describe('an import of suppliers', () => {
  it('creates headers without lines, as the Excel importer writes them, through the master’s rules', async () => {
    // The importer writes header-only rows in bulk: the master's beforeSave reads its bank
    // accounts, which such a row has none of (a 500 before: the collection was missing).
    const supplier = (n: number) => ({
      supplierName: `泰州市永鑫五金制品有限公司${n}`,
      creditCode: withCreditCodeCheck(`9132120${n}MA1T4KQX3`),
      contactName: '钱永',
      contactMobile: '13952720031',
      contactEmail: `qianyong${n}@yongxin-hw.example.cn`,
    });
    const result = await server.runtime
      .service('srmSupplierInfo')
      .createMany(SYSTEM_ACTOR, [supplier(1), supplier(2)]);
    expect(result).toEqual({ ids: [expect.any(Number), expect.any(Number)] });
  });
});

describe('toPortal', () => {
  it('opens one portal login, mailed to the contact and audited', async () => {
    const supplier = await newSupplier(2);
    const opened = await server.post(api('srmSupplierInfo', 'doToPortal'), {
      supplierId: supplier.supplierId,
    });
    expect(opened.body.status, opened.body.msg).toBe('S');
    const userName = supplier.supplierCode.toLowerCase();
    const [, mailed] = await mailbox.waitFor('sunhong2@hongtai-hw.example.cn', /登录名：(\S+)/);
    expect(mailed).toBe(userName);
    const users = await server.post<Row[]>(api('baseUser', 'listByPage'), {
      supplierId: supplier.supplierId,
    });
    expect(users.body.data.map((row) => [row.userName, row.userType])).toEqual([[userName, 'EXTERNAL']]);
    const history = await server.post<{ history: { action: string }[] }>(api('baseUser', 'findById'), {
      userId: users.body.data[0]!.userId,
      withHistory: true,
    });
    expect(history.body.data.history.length).toBeGreaterThan(0);
    const supplierHistory = await server.post<{ history: { action: string }[] }>(
      api('srmSupplierInfo', 'findById'),
      { supplierId: supplier.supplierId, withHistory: true },
    );
    expect(supplierHistory.body.data.history.map((entry) => entry.action)).toContain('doToPortal');

    const again = await server.post(api('srmSupplierInfo', 'doToPortal'), {
      supplierId: supplier.supplierId,
    });
    expect(again.httpStatus).toBe(422);
    expect(again.body.msg).toContain(`已有门户账号：${userName}`);
  });

  it('takes the next free login name when the supplier code is taken', async () => {
    const supplier = await newSupplier(3);
    const taken = supplier.supplierCode.toLowerCase();
    const other = await server.post(api('baseUser', 'saveOrUpdate'), {
      userName: taken,
      userFullName: '同名用户',
      userType: 'INTERNAL',
    });
    expect(other.body.status, other.body.msg).toBe('S');
    expect(
      (await server.post(api('srmSupplierInfo', 'doToPortal'), { supplierId: supplier.supplierId })).body
        .status,
    ).toBe('S');
    const users = await server.post<Row[]>(api('baseUser', 'listByPage'), {
      supplierId: supplier.supplierId,
    });
    expect(users.body.data.map((row) => row.userName)).toEqual([`${taken}_1`]);
  });
});
