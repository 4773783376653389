// Supplier self-registration: the public endpoints answer only to the registration's token and
// take only what they declare; a company confirms its e-mail, completes and submits; the
// approval creates the supplier and its first user. Every write is in the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import {
  type BusinessInfoPeer,
  type Mailbox,
  startBusinessInfoPeer,
  startMailbox,
} from '@srm/platform/testing';
import { HttpBusinessInfoProvider } from '@srm/platform';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { useOneApprover } from '../../domain.testing';

type Row = Record<string, unknown>;
interface Entry {
  action: string;
  changes: { field: string; after?: unknown }[] | null;
}

const REGISTER = (action: string) => api('srmSupplierRegister', action);

let server: TestServer;
let mailbox: Mailbox;
let register: BusinessInfoPeer;
let access: { registerId: number; registerToken: string };

/** The operations of a record's audit trail with the fields each changed. */
async function historyOf(entity: string, key: string, id: number): Promise<Entry[]> {
  const { body } = await server.post<{ history: Entry[] }>(api(entity, 'findById'), {
    [key]: id,
    withHistory: true,
  });
  return body.data.history;
}
const changed = (history: Entry[], action: string) =>
  history
    .filter((entry) => entry.action === action)
    .flatMap((entry) => (entry.changes ?? []).map((c) => c.field));

beforeAll(async () => {
  mailbox = await startMailbox();
  // The business register (工商信息) as a service on loopback, knowing the registering company.
  register = await startBusinessInfoPeer([
    {
      creditCode: '91330602MA2D8KXQ55',
      companyName: '绍兴远景纺织机械有限公司',
      legalPerson: '钱立新',
      registeredCapital: 8000000,
      capitalCurrency: 'CNY',
      establishDate: '2016-03-18',
      address: '浙江省绍兴市越城区迪荡路18号',
      businessScope: '纺织机械及配件的研发、制造、销售',
      registrationStatus: '存续',
    },
  ]);
  server = await startTestServer({
    areas: serverAreas,
    smtpUrl: mailbox.url,
    businessInfo: new HttpBusinessInfoProvider({ url: register.url, appKey: register.appKey }),
    seeds: seedsNamed(baseDataSeeds, 'lookups'),
  });
  await useOneApprover(server);
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
  await register?.close();
});

describe('a company registering itself', () => {
  it('starts with a captcha and gets the token that opens its registration', async () => {
    const body = {
      companyName: '绍兴远景纺织机械有限公司',
      creditCode: '91330602MA2D8KXQ55',
      contactName: '钱程',
      contactEmail: 'qiancheng@yuanjing-tm.example.cn',
      contactMobile: '13757510011',
      userName: 'yuanjing',
    };
    const wrong = await server.post(REGISTER('start'), { ...body, captchaId: 'x', captchaCode: 'NOPE' });
    expect([wrong.httpStatus, wrong.body.status]).toEqual([400, 'E']);
    const captcha = await server.identity.newCaptcha('RG01');
    const started = await server.post<typeof access & { registerNumber: string }>(REGISTER('start'), {
      ...body,
      captchaId: captcha.captchaId,
      captchaCode: 'RG01',
    });
    expect(started.body.status, started.body.msg).toBe('S');
    expect(started.body.data.registerNumber).toMatch(/^REG\d{12}$/);
    access = { registerId: started.body.data.registerId, registerToken: started.body.data.registerToken };
    // Created on the platform's authority, in the audit trail like any save.
    const [created] = (await historyOf('srmSupplierRegister', 'registerId', access.registerId)).slice(-1);
    expect((created!.changes ?? []).map((change) => change.field)).toEqual(
      expect.arrayContaining(['companyName', 'creditCode', 'registerNumber']),
    );
  });

  it('reaches its registration only with its token, and nothing else', async () => {
    const mine = await server.post<Row>(REGISTER('findMine'), access);
    expect(mine.body.data).toMatchObject({ companyName: '绍兴远景纺织机械有限公司', emailConfirmed: 'N' });
    expect(mine.body.data).not.toHaveProperty('supplierId');
    const forged = await server.post(REGISTER('findMine'), { ...access, registerToken: 'x'.repeat(43) });
    expect([forged.httpStatus, forged.body.msg]).toEqual([403, '注册凭证无效或已过期，请重新注册']);
    const other = await server.post(REGISTER('findMine'), { ...access, registerId: access.registerId + 1 });
    expect(other.httpStatus).toBe(403);
    const missing = await server.post(
      REGISTER('findMine'),
      { registerId: access.registerId },
      { language: 'EN' },
    );
    expect([missing.httpStatus, missing.body.msg]).toEqual([400, 'Registration token: Required']);
    // What the buyer decides is not the company's to write.
    for (const field of [
      { emailConfirmed: 'Y' },
      { supplierId: 1 },
      { reviewComment: '通过' },
      { status: 'APPROVED' },
    ]) {
      const answer = await server.post(REGISTER('saveMine'), {
        ...access,
        versionNum: mine.body.data.versionNum,
        ...field,
      });
      expect([answer.httpStatus, answer.body.msg]).toEqual([400, `不允许的字段：${Object.keys(field)[0]}`]);
    }
    const early = await server.post(REGISTER('submitMine'), access);
    expect([early.httpStatus, early.body.msg]).toEqual([409, '请先完成邮箱验证']);
  });

  it('confirms its e-mail with the mailed code', async () => {
    const [, code] = await mailbox.waitFor('qiancheng@yuanjing-tm.example.cn', /邮箱验证码为 (\d{6})/);
    const wrong = await server.post(REGISTER('confirmEmail'), { ...access, code: '000000' });
    expect([wrong.httpStatus, wrong.body.status]).toEqual([400, 'E']);
    const confirmed = await server.post<Row>(REGISTER('confirmEmail'), { ...access, code });
    expect(confirmed.body.data.emailConfirmed, confirmed.body.msg).toBe('Y');
    expect(
      changed(await historyOf('srmSupplierRegister', 'registerId', access.registerId), 'confirmEmail'),
    ).toEqual(['emailConfirmed']);
  });

  it('completes its information with contacts and accounts, each line checked', async () => {
    const mine = await server.post<Row>(REGISTER('findMine'), access);
    const complete = {
      ...access,
      versionNum: mine.body.data.versionNum,
      legalPerson: '钱立新',
      registeredCapital: 8000000,
      address: '浙江省绍兴市越城区迪荡路 18 号',
      contacts: [{ contactName: '钱程', contactRole: 'BUSINESS', mobile: '13757510011' }],
      accounts: [
        {
          bankName: '中国银行',
          bankAccountName: '绍兴远景纺织机械有限公司',
          bankAccountNumber: '12345',
          primaryFlag: 'Y',
        },
      ],
    };
    const bad = await server.post(REGISTER('saveMine'), complete);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.msg).toMatch(/第 1 行.*银行账号格式错误/);
    const emptied = await server.post(REGISTER('saveMine'), { ...access, versionNum: 1, companyName: '' });
    expect([emptied.httpStatus, emptied.body.msg]).toEqual([400, '公司名称：必填']);
    const saved = await server.post<Row & { contacts: Row[]; accounts: Row[] }>(REGISTER('saveMine'), {
      ...complete,
      accounts: [{ ...complete.accounts[0], bankAccountNumber: '356758000123' }],
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(saved.body.data).toMatchObject({ legalPerson: '钱立新', emailConfirmed: 'Y' });
    expect(saved.body.data.accounts.map((line) => line.bankAccountNumber)).toEqual(['356758000123']);
    // A stored line sent back with its key is kept, not duplicated.
    const again = await server.post<Row & { contacts: Row[] }>(REGISTER('saveMine'), {
      ...access,
      versionNum: saved.body.data.versionNum,
      contacts: saved.body.data.contacts.map((line) => ({
        registerContactId: line.registerContactId,
        contactName: line.contactName,
        contactRole: line.contactRole,
        position: '总经理助理',
      })),
    });
    expect(again.body.status, again.body.msg).toBe('S');
    expect(again.body.data.contacts.map((line) => [line.contactName, line.position])).toEqual([
      ['钱程', '总经理助理'],
    ]);
  });

  it('fills its legal data from the business register by its own credit code; the buyer checks it', async () => {
    const found = await server.post<Row>(REGISTER('lookupMine'), access);
    expect(found.body.status, found.body.msg).toBe('S');
    expect(found.body.data).toMatchObject({
      companyName: '绍兴远景纺织机械有限公司',
      legalPerson: '钱立新',
      registeredCapital: 8000000,
      establishDate: '2016-03-18',
      registrationStatus: '存续',
      trading: true,
    });
    expect(register.asked).toContain('/v1/companies/91330602MA2D8KXQ55');
    // The register is a paid service: a registration asks it at most once in 30 s.
    const asked = register.asked.length;
    const again = await server.post(REGISTER('lookupMine'), access);
    expect([again.httpStatus, again.body.msg]).toEqual([
      429,
      expect.stringMatching(/^工商信息查询过于频繁，请 \d+ 秒后再试$/),
    ]);
    expect(register.asked).toHaveLength(asked);
    // Only with its token; nothing else is looked up through it.
    const forged = await server.post(REGISTER('lookupMine'), { ...access, registerToken: 'x'.repeat(43) });
    expect(forged.httpStatus).toBe(403);
    const other = await server.post(REGISTER('lookupMine'), { ...access, creditCode: '91320505MA1NH7QX3R' });
    expect([other.httpStatus, other.body.msg]).toEqual([400, '不允许的字段：creditCode']);

    // The buyer's check: the address was typed with a space the register does not have (the same),
    // the establish date and the business scope are not filled in yet (they differ).
    const checked = await server.post<{ fields: Row[]; trading: boolean }>(
      api('srmSupplierRegister', 'checkBusinessInfo'),
      { registerId: access.registerId },
    );
    expect(checked.body.status, checked.body.msg).toBe('S');
    const verdicts = Object.fromEntries(checked.body.data.fields.map((row) => [row.field, row.same]));
    expect(verdicts).toMatchObject({
      companyName: true,
      legalPerson: true,
      registeredCapital: true,
      address: true,
      establishDate: false,
      businessScope: false,
    });
    // Not the company's to ask.
    const asSupplier = await server.post(
      api('srmSupplierRegister', 'checkBusinessInfo'),
      { registerId: access.registerId },
      { actor: { side: 'supplier', supplierId: 1, userId: 999 } },
    );
    expect([403, 404]).toContain(asSupplier.httpStatus);

    // A code the register does not know, and the service down: clear messages, no failure.
    register.companies.delete('91330602MA2D8KXQ55');
    server.clock.travel(31_000);
    const unknown = await server.post(REGISTER('lookupMine'), access);
    expect([unknown.httpStatus, unknown.body.msg]).toEqual([
      404,
      '工商登记中没有统一社会信用代码为 91330602MA2D8KXQ55 的企业，请核对信用代码',
    ]);
    register.down(true);
    server.clock.travel(31_000);
    const down = await server.post(REGISTER('lookupMine'), access, { language: 'EN' });
    expect([down.httpStatus, down.body.status]).toEqual([503, 'E']);
    expect(down.body.msg).toMatch(/^The business-information service is not configured or not available/);
    register.down(false);
  });

  it('gives its credentials, sites, locations, categories offered, brands, devices and service profile', async () => {
    // The buyer's categories: the company picks from the enabled ones only.
    const buyer = async (body: Row) => {
      const saved = await server.post<{ categoryId: number }>(api('srmBaseCategory', 'saveOrUpdate'), body);
      expect(saved.body.status, saved.body.msg).toBe('S');
      return saved.body.data.categoryId;
    };
    const machinery = await buyer({
      categoryCode: 'RG-MACH',
      categoryName: '纺织机械配件',
      categoryNameEn: 'Textile machine parts',
    });
    const service = await buyer({ categoryCode: 'RG-SERV', categoryName: '设备维修服务' });
    const retired = await buyer({ categoryCode: 'RG-OLD', categoryName: '停用品类', enabledFlag: 'N' });
    const offered = await server.post<Row[]>(REGISTER('categoriesMine'), access, { language: 'EN' });
    expect(offered.body.status, offered.body.msg).toBe('S');
    const codes = offered.body.data.map((row) => row.categoryCode);
    expect(codes).toEqual(expect.arrayContaining(['RG-MACH', 'RG-SERV']));
    expect(codes).not.toContain('RG-OLD');
    expect(offered.body.data.find((row) => row.categoryId === machinery)?.categoryName).toBe(
      'Textile machine parts',
    );
    const forged = await server.post(REGISTER('categoriesMine'), {
      ...access,
      registerToken: 'x'.repeat(43),
    });
    expect(forged.httpStatus).toBe(403);

    const mine = await server.post<Row>(REGISTER('findMine'), access);
    const sections = {
      ...access,
      versionNum: mine.body.data.versionNum,
      supplierType: 'SERVICE',
      taxpayerType: 'GENERAL',
      responseHours: 4,
      employeeCount: 260,
      credentials: [
        { credentialType: 'BUSINESS_LICENCE', credentialNumber: '91330602MA2D8KXQ55', longTermFlag: 'Y' },
        { credentialType: 'ISO9001', credentialNumber: 'CN-QMS-2024-0815', issueDate: '2024-08-15' },
      ],
      sites: [{ siteCode: 'SX01', siteName: '绍兴总厂', address: '浙江省绍兴市越城区迪荡路 18 号' }],
      locations: [{ locationType: 'FACTORY', address: '浙江省绍兴市柯桥区齐贤街道 6 号' }],
      categories: [{ categoryId: machinery, mainFlag: 'Y' }, { categoryId: service }],
      brands: [{ brandName: '远景', brandRelation: 'OWN' }],
      devices: [{ deviceName: '数控加工中心', deviceType: 'PRODUCTION', model: 'VMC-850', quantity: 12 }],
    };
    // Each line is checked as the master checks it, by its line number.
    const noExpiry = await server.post(REGISTER('saveMine'), sections);
    expect([noExpiry.httpStatus, noExpiry.body.msg]).toEqual([
      400,
      expect.stringMatching(/第 2 行.*请填写有效期至，或勾选长期有效/),
    ]);
    const retiredPicked = await server.post(REGISTER('saveMine'), {
      ...sections,
      credentials: [sections.credentials[0]],
      categories: [{ categoryId: retired }],
    });
    expect([retiredPicked.httpStatus, retiredPicked.body.status]).toEqual([400, 'E']);
    const saved = await server.post<Row & Record<'credentials' | 'categories' | 'devices', Row[]>>(
      REGISTER('saveMine'),
      {
        ...sections,
        credentials: [sections.credentials[0], { ...sections.credentials[1], expiryDate: '2027-08-14' }],
      },
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(saved.body.data.credentials.map((line) => line.credentialType)).toEqual([
      'BUSINESS_LICENCE',
      'ISO9001',
    ]);
    expect(saved.body.data.categories.map((line) => [line.categoryId, line.mainFlag])).toEqual([
      [machinery, 'Y'],
      [service, 'N'],
    ]);

    // A service supplier gives its scope and regions before it submits; nothing is submitted without.
    const early = await server.post(REGISTER('submitMine'), access);
    expect([early.httpStatus, early.body.msg]).toEqual([
      422,
      '服务范围：非生产性及服务类供应商请填写服务范围和服务区域',
    ]);
    expect((await server.post<Row>(REGISTER('findMine'), access)).body.data.status).toBe('DRAFT');
    const profiled = await server.post<Row>(REGISTER('saveMine'), {
      ...access,
      versionNum: saved.body.data.versionNum,
      serviceScope: '纺织机械的安装、维修与保养',
      serviceRegions: '浙江、江苏、上海',
    });
    expect(profiled.body.status, profiled.body.msg).toBe('S');
  });

  it('is approved into a supplier with its first user, each write audited', async () => {
    const submitted = await server.post<Row>(REGISTER('submitMine'), access);
    expect(submitted.body.data.status, submitted.body.msg).toBe('SUBMITTED');
    const direct = await server.post(REGISTER('doApproval'), { registerId: access.registerId });
    expect(direct.httpStatus).toBe(403);
    await decideAll(server.runtime, 'srmSupplierRegister', access.registerId, 'approve', '资料齐全');

    const registration = await server.post<Row>(REGISTER('findById'), { registerId: access.registerId });
    expect(registration.body.data).toMatchObject({
      status: 'APPROVED',
      supplierName: '绍兴远景纺织机械有限公司',
    });
    const supplierId = registration.body.data.supplierId as number;
    expect(
      changed(await historyOf('srmSupplierRegister', 'registerId', access.registerId), 'doApproval'),
    ).toEqual(['supplierId']);

    const supplier = await server.post<Row & { contacts: Row[]; accounts: Row[]; locations: Row[] }>(
      api('srmSupplierInfo', 'findById'),
      { supplierId },
    );
    expect(supplier.body.data).toMatchObject({ status: 'POTENTIAL', registerId: access.registerId });
    expect(supplier.body.data.contacts.map((line) => line.position)).toEqual(['总经理助理']);
    expect(supplier.body.data.accounts.map((line) => line.bankAccountNumber)).toEqual(['356758000123']);
    expect(supplier.body.data.locations.map((line) => line.locationType)).toEqual(['REGISTERED', 'FACTORY']);
    // The registration's sections become the supplier's, the service profile with them.
    expect(supplier.body.data).toMatchObject({
      supplierType: 'SERVICE',
      taxpayerType: 'GENERAL',
      serviceScope: '纺织机械的安装、维修与保养',
      serviceRegions: '浙江、江苏、上海',
      responseHours: 4,
      employeeCount: 260,
    });
    const lines = supplier.body.data as unknown as Record<string, Row[]>;
    expect(
      lines.credentials!.map((line) => [line.credentialType, line.longTermFlag, line.expiryDate]),
    ).toEqual([
      ['BUSINESS_LICENCE', 'Y', null],
      ['ISO9001', 'N', '2027-08-14'],
    ]);
    expect(lines.sites!.map((line) => [line.siteCode, line.siteName])).toEqual([['SX01', '绍兴总厂']]);
    expect(lines.categories!.map((line) => [line.categoryName, line.mainFlag])).toEqual([
      ['纺织机械配件', 'Y'],
      ['设备维修服务', 'N'],
    ]);
    expect(lines.brands!.map((line) => line.brandName)).toEqual(['远景']);
    expect(lines.devices!.map((line) => [line.deviceName, line.quantity])).toEqual([['数控加工中心', 12]]);
    const supplierHistory = await historyOf('srmSupplierInfo', 'supplierId', supplierId);
    expect(supplierHistory.length).toBeGreaterThanOrEqual(2);
    expect(changed(supplierHistory, 'doApproval')).toEqual(['registerId']);

    const users = await server.post<Row[]>(api('baseUser', 'listByPage'), { userName: 'yuanjing' });
    expect(users.body.data).toHaveLength(1);
    expect(users.body.data[0]).toMatchObject({ userType: 'EXTERNAL', supplierId });
    expect(
      (await historyOf('baseUser', 'userId', users.body.data[0]!.userId as number)).flatMap((e) =>
        (e.changes ?? []).map((c) => c.field),
      ),
    ).toEqual(expect.arrayContaining(['userName', 'supplierId']));
    await mailbox.waitFor('qiancheng@yuanjing-tm.example.cn', /初始密码：(\S+)/);

    // The company sees its registration approved, not the buyer's side of it.
    const mine = await server.post<Row>(REGISTER('findMine'), access);
    expect(mine.body.data.status).toBe('APPROVED');
    expect(mine.body.data.reviewComment).toBeNull();
    expect(mine.body.data).not.toHaveProperty('supplierName');
  });
});
