// Suppliers over real HTTP with real sign-in: the master saved with its seven line collections
// in one request, the spec's format messages in both languages, the lifecycle and the library
// check, a registration approved into a supplier whose new user signs in, and a supplier user
// who asks for changes through change info but never reaches another supplier's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import { supplierMaySupply } from '@srm/domain/supplier/server';
import { isClientWritable } from '@srm/kernel';
import { SYSTEM_ACTOR } from '@srm/platform';
import { ApiClient, startMailbox, type Mailbox } from '@srm/platform/testing';
import { decideTask } from './bpm.testing';
import { registry } from './schema';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
const INFO = '/api/srm/v1/srmSupplierInfoRestful';
const CHANGE = '/api/srm/v1/srmSupplierChangeRestful';
const REGISTER = '/api/srm/v1/srmSupplierRegisterRestful';

let server: TestServer;
let mailbox: Mailbox;
let admin: ApiClient;
const client = () => new ApiClient(server.url);

async function signedInAs(userName: string, password = DEMO_PASSWORD): Promise<ApiClient> {
  const api = client();
  const answer = await api.login(userName, password);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return api;
}

/** A stored line as a client sends it back: its key and the fields a client may write. */
function asSent(entity: string, line: Row): Row {
  const def = registry.get(entity);
  return Object.fromEntries(
    Object.entries(line).filter(
      ([name]) => name === def.key || (def.fields[name] !== undefined && isClientWritable(def.fields[name]!)),
    ),
  );
}

async function idOf(api: ApiClient, path: string, filter: Row, key: string): Promise<number> {
  const answer = await api.call<Row[]>(`${path}/listByPage`, filter);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data[0]![key] as number;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds, smtpUrl: mailbox.url });
  admin = await signedInAs('admin');
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

describe('the supplier master with its lines', () => {
  let categoryId: number;
  let orgId: number;
  const header = {
    supplierName: '南京测试精工有限公司',
    creditCode: '91320115MA1Q9XNH33',
    supplierType: 'PRODUCTION',
    contactName: '测试联系人',
    contactMobile: '13912340001',
    contactEmail: 'test@nj-jinggong.example.cn',
  };

  beforeAll(async () => {
    categoryId = await idOf(
      admin,
      '/api/srm/v1/srmBaseCategoryRestful',
      { categoryCode: '0202' },
      'categoryId',
    );
    orgId = await idOf(admin, '/api/srm/v1/srmBaseOrgRestful', { orgCode: 'OU100' }, 'orgId');
  });

  it('saves the header and all seven collections in one request; later edits go through change info', async () => {
    const created = await admin.call<Row>(`${INFO}/saveOrUpdate`, {
      ...header,
      sites: [{ siteCode: 'NJ01', siteName: '南京江宁工厂', orgId }],
      accounts: [
        {
          bankName: '中国工商银行',
          bankAccountName: header.supplierName,
          bankAccountNumber: '4301012309100012345',
          swiftCode: 'ICBKCNBJNJG',
          primaryFlag: 'Y',
        },
      ],
      locations: [{ locationType: 'FACTORY', address: '江苏省南京市江宁区将军大道 1 号' }],
      contacts: [
        { contactName: '张三', contactRole: 'BUSINESS', mobile: '13912340002', email: 'zs@example.cn' },
        { contactName: '李四', contactRole: 'QUALITY', phone: '025-52100001' },
      ],
      categories: [{ categoryId, mainFlag: 'Y' }],
      brands: [{ brandName: '精工', brandRelation: 'OWN' }],
      devices: [{ deviceName: '车铣复合中心', deviceType: 'PRODUCTION', quantity: 2 }],
    });
    expect(created.body.status, created.body.msg).toBe('S');
    const saved = created.body.data;
    expect(saved).toMatchObject({ status: 'POTENTIAL', supplierName: header.supplierName });
    expect(String(saved.supplierCode)).toMatch(/^SUP\d{6}$/);
    for (const [collection, count] of Object.entries({
      sites: 1,
      accounts: 1,
      locations: 1,
      contacts: 2,
      categories: 1,
      brands: 1,
      devices: 1,
    })) {
      expect((saved[collection] as Row[]).length, collection).toBe(count);
    }
    expect((saved.sites as Row[])[0]!.orgName).toBe('苏州精密机械业务实体');
    expect((saved.categories as Row[])[0]!.categoryName).toBe('机加工件');

    // Afterwards its legal data, contact and lines change through change info only: a direct
    // edit is refused, naming the first field, and nothing is written.
    const contacts = saved.contacts as Row[];
    const edited = await admin.call<Row>(`${INFO}/saveOrUpdate`, {
      supplierId: saved.supplierId,
      versionNum: saved.versionNum,
      contactName: '新联系人',
      contacts: [{ ...asSent('srmSupplierContact', contacts[0]!), position: '销售总监' }],
    });
    expect([edited.httpStatus, edited.body.msg]).toEqual([
      400,
      '联系人：供应商信息生效后只能通过“信息变更”修改，请新建变更单并提交审批',
    ]);
    const kept = (await admin.call<Row>(`${INFO}/findById`, { supplierId: saved.supplierId })).body.data;
    expect([kept.versionNum, (kept.contacts as Row[]).length]).toEqual([saved.versionNum, 2]);

    // The buyer's own fields are edited directly; a stale version is refused and nothing is written.
    const remarked = await admin.call<Row>(`${INFO}/saveOrUpdate`, {
      supplierId: saved.supplierId,
      versionNum: saved.versionNum,
      internalRemark: '新供应商，首单小批量',
    });
    expect(remarked.body.status, remarked.body.msg).toBe('S');
    const stale = await admin.call(`${INFO}/saveOrUpdate`, {
      supplierId: saved.supplierId,
      versionNum: saved.versionNum,
      contacts: [],
    });
    expect(stale.httpStatus).toBe(409);
  });

  it('checks bank account numbers and SWIFT codes, naming the line, in Chinese and English', async () => {
    const body = {
      ...header,
      supplierName: '格式测试公司',
      creditCode: '91320115MA1Q9XNH46',
      accounts: [
        { bankName: '银行', bankAccountName: '户名', bankAccountNumber: '6222 0000 1111 2222' },
        { bankName: '银行', bankAccountName: '户名', bankAccountNumber: '12-34', swiftCode: 'ICBK' },
      ],
    };
    const zh = await admin.call(`${INFO}/saveOrUpdate`, body);
    expect([zh.httpStatus, zh.body.status]).toEqual([400, 'E']);
    expect(zh.body.msg).toBe(
      '银行账户第 2 行，银行账号：银行账号格式错误：应为8-30位数字或IBAN（共 2 处问题）',
    );
    expect(zh.body.data).toEqual([
      {
        path: 'accounts.1.bankAccountNumber',
        message: '银行账户第 2 行，银行账号：银行账号格式错误：应为8-30位数字或IBAN',
        reason: '银行账号格式错误：应为8-30位数字或IBAN',
      },
      {
        path: 'accounts.1.swiftCode',
        message: '银行账户第 2 行，SWIFT代码：SWIFT代码格式错误：应为8或11位字母数字',
        reason: 'SWIFT代码格式错误：应为8或11位字母数字',
      },
    ]);
    const english = client();
    english.language = 'EN';
    expect((await english.login('admin', DEMO_PASSWORD)).body.status).toBe('S');
    const en = await english.call(`${INFO}/saveOrUpdate`, body);
    expect(en.httpStatus).toBe(400);
    expect((en.body.data as Row[]).map((issue) => issue.reason)).toEqual([
      'Invalid bank account number: 8 to 30 digits or an IBAN',
      'Invalid SWIFT code: 8 or 11 letters and digits',
    ]);
    expect(en.body.msg).toMatch(/^Bank accounts.*2.*Account number: Invalid bank account number/);
    const list = await admin.call<Row[]>(`${INFO}/listByPage`, { supplierName: '格式测试公司' });
    expect(list.body.data).toEqual([]);
  });

  it('allows one primary bank account only', async () => {
    const answer = await admin.call(`${INFO}/saveOrUpdate`, {
      ...header,
      supplierName: '主账户测试公司',
      creditCode: '91320115MA1Q9XNH59',
      accounts: [
        { bankName: 'A', bankAccountName: 'x', bankAccountNumber: '11112222', primaryFlag: 'Y' },
        { bankName: 'B', bankAccountName: 'x', bankAccountNumber: '11113333', primaryFlag: 'Y' },
      ],
    });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.msg).toContain('只能有一个主银行账户');
  });
});

describe('the supplier lifecycle and the library check', () => {
  it('blacklists through approval, blocks as the scope says, shows the supplier only the public reason, and relieves', async () => {
    const BLACKLIST = '/api/srm/v1/srmSupplierBlacklistRestful';
    const supplierA = await idOf(admin, INFO, { creditCode: '91320505MA1NH7QX3R' }, 'supplierId');
    const category = await idOf(
      admin,
      '/api/srm/v1/srmBaseCategoryRestful',
      { categoryCode: '0203' },
      'categoryId',
    );
    const plant = await idOf(admin, '/api/srm/v1/srmBaseOrgRestful', { orgCode: 'P110' }, 'orgId');
    const query = { supplierId: supplierA, categoryId: category, orgId: plant };
    const context = {
      actor: SYSTEM_ACTOR,
      runtime: server.runtime,
      tx: server.runtime.executor(),
      now: new Date(),
    };
    expect(await supplierMaySupply(context, query)).toBe(true);

    const noReason = await admin.call(`${BLACKLIST}/saveOrUpdate`, {
      supplierId: supplierA,
      permanentFlag: 'Y',
    });
    expect([noReason.httpStatus, noReason.body.status]).toEqual([400, 'E']);
    const neither = await admin.call(`${BLACKLIST}/saveOrUpdate`, {
      supplierId: supplierA,
      publicReason: 'x',
    });
    expect([neither.httpStatus, neither.body.msg]).toEqual([
      400,
      expect.stringContaining('请填写解除日期，或勾选永久'),
    ]);
    const saved = await admin.call<Row>(`${BLACKLIST}/saveOrUpdate`, {
      supplierId: supplierA,
      permanentFlag: 'Y',
      scopeSourcing: 'Y',
      scopeOrder: 'Y',
      publicReason: '提供虚假资质',
      internalReason: '审核发现 ISO 证书编号不存在',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const blacklistId = saved.body.data.blacklistId as number;
    // A draft blocks nothing; the approval puts it in force.
    expect(await supplierMaySupply(context, query)).toBe(true);
    const submitted = await admin.call<Row[]>(`${BLACKLIST}/doSubmit`, { blacklistId });
    expect(submitted.body.data[0]!.status).toBe('APPROVING');
    const approver = await signedInAs('approver');
    const decided = await decideTask(approver, 'srmSupplierBlacklist', blacklistId, 'doApprove', '同意');
    expect(decided?.body.status, decided?.body.msg ?? 'no task').toBe('S');
    expect(await supplierMaySupply(context, query)).toBe(false);
    const supplier = (await admin.call<Row>(`${INFO}/findById`, { supplierId: supplierA })).body.data;
    // Laid over the status, not replacing it.
    expect([supplier.status, supplier.blacklistFlag]).toEqual(['QUALIFIED', 'Y']);

    // The library takes no new line for a blacklisted supplier.
    const line = await admin.call(`/api/srm/v1/srmSupplierCategoryOrgRestful/saveOrUpdate`, {
      supplierId: supplierA,
      categoryId: await idOf(
        admin,
        '/api/srm/v1/srmBaseCategoryRestful',
        { categoryCode: '0204' },
        'categoryId',
      ),
      orgId: plant,
    });
    expect([line.httpStatus, line.body.status]).toEqual([400, 'E']);

    // Supplier A reads its entry with the public reason only; supplier B does not see it at all.
    const companyA = await signedInAs('sup_a');
    const own = await companyA.call<Row>(`${BLACKLIST}/findById`, { blacklistId });
    expect(own.body.data).toMatchObject({ status: 'APPROVED', publicReason: '提供虚假资质' });
    expect(own.body.data).not.toHaveProperty('internalReason');
    expect(JSON.stringify(own.body)).not.toContain('ISO 证书编号不存在');
    const companyB = await signedInAs('sup_b');
    expect((await companyB.call(`${BLACKLIST}/findById`, { blacklistId })).httpStatus).toBe(404);
    const listB = await companyB.call<Row[]>(`${BLACKLIST}/listByPage`, {});
    expect(listB.body.data.some((row) => row.supplierId === supplierA)).toBe(false);

    const relieved = await admin.call<Row[]>(`${BLACKLIST}/doRelieve`, { blacklistId, comment: '申诉成立' });
    expect(relieved.body.data[0]!.status).toBe('RELIEVED');
    expect((await admin.call<Row>(`${INFO}/findById`, { supplierId: supplierA })).body.data).toMatchObject({
      status: 'QUALIFIED',
      blacklistFlag: 'N',
    });
    expect(await supplierMaySupply(context, query)).toBe(true);
    const history = await admin.call<Row>(`${BLACKLIST}/findById`, { blacklistId, withHistory: true });
    expect(JSON.stringify(history.body.data.history)).toContain('申诉成立');
  });
});

describe('a blacklisted company registering again', () => {
  it('is refused with the message any taken credit code gets, which says nothing of the blacklist', async () => {
    const attempt = async (creditCode: string, userName: string) => {
      const captcha = await server.identity.newCaptcha('BL01');
      return client().call(`${REGISTER}/start`, {
        companyName: `重新注册测试${userName}有限公司`,
        creditCode,
        contactName: '张三',
        contactEmail: `${userName}@relaunch.example.cn`,
        contactMobile: '13757510099',
        userName,
        captchaId: captcha.captchaId,
        captchaCode: 'BL01',
      });
    };
    // 温州鑫盛标准件 is blacklisted in the demo; 苏州恒达 is an ordinary supplier.
    const blacklisted = await attempt('91330302MA2H4LQN5R', 'xinsheng_new');
    const ordinary = await attempt('91320505MA1NH7QX3R', 'hengda_new');
    expect([blacklisted.httpStatus, blacklisted.body.status]).toEqual([409, 'E']);
    expect(blacklisted.body.msg).toBe(ordinary.body.msg);
    expect(blacklisted.body.msg).toBe('该统一社会信用代码已是本平台供应商');
    expect(JSON.stringify(blacklisted.body)).not.toMatch(/黑名单|blacklist/i);
  });
});

describe('registration approval', () => {
  it('creates the supplier with the registration’s lines and a first user who signs in and sees only it', async () => {
    const registerId = await idOf(admin, REGISTER, { creditCode: '91330402MA2BW6HY4H' }, 'registerId');
    // Only the approval process approves: a direct call is refused and creates nothing.
    const direct = await admin.call(`${REGISTER}/doApproval`, { registerId, comment: '资料齐全' });
    expect(direct.httpStatus).toBe(403);
    const none = await admin.call<Row[]>(`${INFO}/listByPage`, { creditCode: '91330402MA2BW6HY4H' });
    expect(none.body.data).toEqual([]);
    // The demo submission started the process: the purchasing manager approves from the pending list.
    const approver = await signedInAs('approver');
    const decided = await decideTask(approver, 'srmSupplierRegister', registerId, 'doApprove', '资料齐全');
    expect(decided?.body.status, decided?.body.msg ?? 'no task').toBe('S');
    const approved = await admin.call<Row>(`${REGISTER}/findById`, { registerId });
    expect(approved.body.data).toMatchObject({
      status: 'APPROVED',
      supplierName: '嘉兴华美塑胶制品有限公司',
    });
    const supplierId = approved.body.data.supplierId as number;
    const supplier = (await admin.call<Row>(`${INFO}/findById`, { supplierId })).body.data;
    expect(supplier).toMatchObject({ status: 'POTENTIAL', registerId, creditCode: '91330402MA2BW6HY4H' });
    expect((supplier.contacts as Row[]).map((row) => row.contactName)).toEqual(['何静']);
    expect((supplier.accounts as Row[]).map((row) => row.bankAccountNumber)).toEqual(['19350101040012345']);
    expect((supplier.locations as Row[]).map((row) => row.locationType)).toEqual(['REGISTERED']);

    const [, password] = await mailbox.waitFor('hejing@huamei-plastic.example.cn', /初始密码：(\S+)/);
    const company = client();
    const login = await company.login('huamei_hj', password!);
    expect(login.body.status, login.body.msg).toBe('S');
    const changed = await company.call('/api/base/v1/auth/changePassword', {
      oldPassword: await company.encrypt(password!),
      newPassword: await company.encrypt('Huamei@2026'),
    });
    expect(changed.body.status, changed.body.msg).toBe('S');
    expect((await company.login('huamei_hj', 'Huamei@2026')).body.status).toBe('S');
    const own = await company.call<Row>(`${INFO}/findById`, { supplierId });
    expect(own.body.status, own.body.msg).toBe('S');
    expect(own.body.data.supplierName).toBe('嘉兴华美塑胶制品有限公司');
    expect(own.body.data).not.toHaveProperty('internalRemark');
    const all = await company.call<Row[]>(`${INFO}/listByPage`, { pageRows: 500 });
    expect(all.body.data.map((row) => row.supplierId)).toEqual([supplierId]);
  });

  it('rejects with a reason the registrant sees, and a reason is required', async () => {
    const registerId = await idOf(admin, REGISTER, { creditCode: '91330106MA27YK3L9L' }, 'registerId');
    const direct = await admin.call(`${REGISTER}/doReject`, { registerId, comment: '请补充营业执照' });
    expect(direct.httpStatus).toBe(403);
    const approver = await signedInAs('approver');
    const noReason = await decideTask(approver, 'srmSupplierRegister', registerId, 'doReject');
    expect([noReason?.httpStatus, noReason?.body.status]).toEqual([400, 'E']);
    const rejecting = await decideTask(
      approver,
      'srmSupplierRegister',
      registerId,
      'doReject',
      '请补充营业执照',
    );
    expect(rejecting?.body.status, rejecting?.body.msg).toBe('S');
    const rejected = await admin.call<Row>(`${REGISTER}/findById`, { registerId });
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', reviewComment: '请补充营业执照' });
    const [, reason] = await mailbox.waitFor('suntao@tuoyuan-ie.example.cn', /(请补充营业执照)/);
    expect(reason).toBe('请补充营业执照');
  });
});

describe('a supplier user and its company', () => {
  let supA: ApiClient;
  let supplierA: number;
  let supplierB: number;

  beforeAll(async () => {
    supA = await signedInAs('sup_a');
    supplierA = await idOf(admin, INFO, { creditCode: '91320505MA1NH7QX3R' }, 'supplierId');
    supplierB = await idOf(admin, INFO, { creditCode: '91330212MA2GQ3RT8L' }, 'supplierId');
  });

  it('keeps its contacts up to date through a change info, the master unchanged until approval', async () => {
    const mine = (await supA.call<Row>(`${INFO}/findById`, { supplierId: supplierA })).body.data;
    const direct = await supA.call<Row>(`${INFO}/saveOrUpdate`, {
      supplierId: supplierA,
      versionNum: mine.versionNum,
      contactPhone: '0512-66810009',
    });
    expect(direct.httpStatus).toBe(403);
    const opened = await supA.call<Row>(`${CHANGE}/saveOrUpdate`, {
      supplierId: supplierA,
      changeReason: '新增技术联系人，更换座机',
      contactPhone: '0512-66810009',
      contacts: [{ contactName: '周敏', contactRole: 'TECHNICAL', mobile: '13862110031' }],
    });
    expect(opened.body.status, opened.body.msg).toBe('S');
    // The master's contacts are copied into the change beside the one it adds.
    expect((opened.body.data.contacts as Row[]).map((row) => row.contactName).sort()).toEqual(
      [...(mine.contacts as Row[]).map((row) => String(row.contactName)), '周敏'].sort(),
    );
    const submitted = await supA.call(`${CHANGE}/doSubmit`, {
      changeId: opened.body.data.changeId,
      versionNum: opened.body.data.versionNum,
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    const after = (await admin.call<Row>(`${INFO}/findById`, { supplierId: supplierA })).body.data;
    expect([after.contactPhone, after.versionNum]).toEqual([mine.contactPhone, mine.versionNum]);
  });

  it('may not change its legal data, bank accounts, status or categories', async () => {
    const mine = (await supA.call<Row>(`${INFO}/findById`, { supplierId: supplierA })).body.data;
    for (const change of [
      { supplierName: '改名公司' },
      { creditCode: '91320505MA1NH7QX4W' },
      { accounts: [] },
      { categories: [] },
      { status: 'QUALIFIED' },
    ]) {
      const answer = await supA.call(`${INFO}/saveOrUpdate`, {
        supplierId: supplierA,
        versionNum: mine.versionNum,
        ...change,
      });
      expect([400, 403], JSON.stringify(change)).toContain(answer.httpStatus);
      expect(answer.body.status).toBe('E');
    }
    for (const action of ['doQuit', 'doToPortal']) {
      const answer = await supA.call(`${INFO}/${action}`, { supplierId: supplierA, comment: 'x' });
      expect([403], action).toContain(answer.httpStatus);
    }
    const after = (await admin.call<Row>(`${INFO}/findById`, { supplierId: supplierA })).body.data;
    expect(after.supplierName).toBe('苏州恒达精密五金有限公司');
    expect(after.versionNum).toBe(mine.versionNum);
  });

  it('never reads or writes supplier B', async () => {
    const find = await supA.call(`${INFO}/findById`, { supplierId: supplierB });
    expect(find.httpStatus).toBe(404);
    const save = await supA.call(`${INFO}/saveOrUpdate`, {
      supplierId: supplierB,
      versionNum: 1,
      contactName: 'x',
    });
    expect([403, 404]).toContain(save.httpStatus);
    const lines = await supA.call<Row[]>('/api/srm/v1/srmSupplierContactRestful/listByPage', {
      supplierId: supplierB,
    });
    expect(lines.body.data ?? []).toEqual([]);
    const library = await supA.call<Row[]>('/api/srm/v1/srmSupplierCategoryOrgRestful/listByPage', {
      pageRows: 500,
    });
    expect(library.body.status, library.body.msg).toBe('S');
    expect(new Set(library.body.data.map((row) => row.supplierId))).toEqual(new Set([supplierA]));
    const text = JSON.stringify([find.body, save.body, lines.body, library.body]);
    expect(text).not.toContain('宁波瑞丰');
  });

  it('opens a portal login for a supplier created by a buyer, once', async () => {
    const potential = await idOf(admin, INFO, { creditCode: '91320412MA1XK5TP2X' }, 'supplierId');
    const opened = await admin.call<Row[]>(`${INFO}/doToPortal`, { supplierId: potential });
    expect(opened.body.status, opened.body.msg).toBe('S');
    const [, userName] = await mailbox.waitFor('shenjia@yongxin-pack.example.cn', /登录名：(\S+)/);
    expect(userName).toMatch(/^sup\d{6}$/);
    const again = await admin.call(`${INFO}/doToPortal`, { supplierId: potential });
    expect(again.httpStatus).toBe(422);
    expect(again.body.msg).toContain(`已有门户账号：${userName}`);
  });
});
