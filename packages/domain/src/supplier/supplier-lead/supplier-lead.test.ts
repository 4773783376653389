// Supplier leads: demo leads in both states; a lead duplicating another open lead, a supplier or
// a registration under way (by credit code, or by the name written differently) is refused with
// a message naming what it duplicates, in the caller's language; a closed lead no longer counts,
// and opening it again is checked the same way; suppliers see no lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { supplierSeeds } from '../server';

type Row = Record<string, unknown>;
let server: TestServer;
let sheetMetal = 0;

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  sheetMetal = (await server.first<{ categoryId: number }>('srmBaseCategory', { categoryCode: '0201' }))
    .categoryId;
});
afterAll(async () => server?.close());

const save = (body: Row, language: 'CN' | 'EN' = 'CN') =>
  server.post<Row>(api('srmSupplierLead', 'saveOrUpdate'), body, { language });

const lead = (companyName: string, extra: Row = {}): Row => ({
  companyName,
  leadSource: 'BUYER',
  contactName: '赵磊',
  contactMobile: '13912340001',
  ...extra,
});

describe('supplier leads', () => {
  it('holds the demo leads, one invited and one closed', async () => {
    const { body } = await server.post<Row[]>(api('srmSupplierLead', 'listByPage'), { pageRows: 50 });
    expect(body.data.map((row) => [row.companyName, row.status]).sort()).toEqual(
      [
        ['东莞市联拓电子有限公司', 'NEW'],
        ['宁波海曙恒通包装有限公司', 'CLOSED'],
        ['昆山精诚钣金科技有限公司', 'INVITED'],
      ].sort(),
    );
  });

  it('saves a lead with its categories, the credit code checked', async () => {
    const wrong = await save(lead('常熟东盛精密铸造有限公司', { creditCode: '91320581MA1XRT2K3A' }));
    expect(wrong.httpStatus).toBe(400);
    expect(wrong.body.msg).toContain('统一社会信用代码校验位错误');
    const saved = await save(
      lead('常熟东盛精密铸造有限公司', {
        creditCode: '91320581MA1XRT2K3X',
        categories: [{ categoryId: sheetMetal, remark: '铝压铸' }],
      }),
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    const found = await server.post<Row & { categories: Row[] }>(api('srmSupplierLead', 'findById'), {
      leadId: saved.body.data.leadId,
    });
    expect(found.body.data).toMatchObject({ status: 'NEW', leadNumber: expect.stringMatching(/^LD\d{12}$/) });
    expect(found.body.data.categories.map((line) => line.categoryName)).toEqual(['钣金件']);
  });

  it('refuses a duplicate of an open lead, a supplier or a registration, by code or by name written differently', async () => {
    const cases: [Row, RegExp][] = [
      // The demo lead 昆山精诚, by its code and by its name in full-width brackets and spaces.
      [
        lead('某公司', { creditCode: '91320583MA1WQ8TK5W' }),
        /统一社会信用代码：与线索 LD\d+（昆山精诚钣金科技有限公司）的统一社会信用代码相同/,
      ],
      [
        lead(' 昆山精诚 钣金科技有限公司 '),
        /企业名称：与线索 LD\d+（昆山精诚钣金科技有限公司）的企业名称相同/,
      ],
      // Supplier A, by its code; supplier B by its name with half-width brackets added.
      [
        lead('另一家公司', { creditCode: '91320505MA1NH7QX3R' }),
        /统一社会信用代码：与供应商 SUP\d+（苏州恒达精密五金有限公司）的统一社会信用代码相同，该企业已是供应商/,
      ],
      [
        lead('宁波瑞丰电子科技有限公司()'),
        /企业名称：与供应商 SUP\d+（宁波瑞丰电子科技有限公司）的企业名称相同/,
      ],
      // A registration under way (a draft entered below).
      [
        lead('嘉兴华美塑胶制品有限公司'),
        /企业名称：与注册单 REG\d+（嘉兴华美塑胶制品有限公司）的企业名称相同，该企业正在注册/,
      ],
    ];
    const registration = await server.post(api('srmSupplierRegister', 'saveOrUpdate'), {
      companyName: '嘉兴华美塑胶制品有限公司',
      creditCode: '91330402MA2BW6HY4H',
      contactName: '何静',
      contactEmail: 'hejing@huamei-plastic.example.cn',
      contactMobile: '13732310007',
      userName: 'huamei_hj',
    });
    expect(registration.body.status, registration.body.msg).toBe('S');
    const before = await server.count('srm_supplier_lead');
    for (const [body, message] of cases) {
      const answer = await save(body);
      expect(answer.httpStatus, String(body.companyName)).toBe(400);
      expect(answer.body.status).toBe('E');
      expect(answer.body.msg).toMatch(message);
    }
    const english = await save(lead('昆山精诚钣金科技有限公司'), 'EN');
    expect(english.body.msg).toMatch(/Company name: the same as lead LD\d+ \(昆山精诚钣金科技有限公司\)/);
    expect(await server.count('srm_supplier_lead')).toBe(before);
  });

  it('lets a closed lead be entered again, and refuses to reopen the closed one while the new one is open', async () => {
    const closed = await server.first<Row>('srmSupplierLead', { companyName: '宁波海曙恒通包装有限公司' });
    const again = await save(lead('宁波海曙恒通包装有限公司', { leadSource: 'INTERNET' }));
    expect(again.body.status, again.body.msg).toBe('S');
    const reopen = await server.post(api('srmSupplierLead', 'doReopen'), { leadId: closed.leadId });
    expect(reopen.httpStatus).toBe(422);
    expect(reopen.body.msg).toMatch(/企业名称：与线索 LD\d+（宁波海曙恒通包装有限公司）的企业名称相同/);
    const current = await server.first<Row>('srmSupplierLead', { leadId: closed.leadId });
    expect(current.status).toBe('CLOSED');
  });

  it('an edit of a lead does not find the lead itself a duplicate', async () => {
    const row = await server.first<Row>('srmSupplierLead', { companyName: '东莞市联拓电子有限公司' });
    const found = await server.post<Row>(api('srmSupplierLead', 'findById'), { leadId: row.leadId });
    const saved = await save({
      leadId: row.leadId,
      versionNum: found.body.data.versionNum,
      companyName: '东莞市联拓电子有限公司',
      creditCode: '91441900MA4UJ2RB74',
      leadSource: 'MARKET_RESEARCH',
      contactName: '黄伟',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
  });

  it('shows a supplier user no lead', async () => {
    const a = await server.first<{ supplierId: number }>('srmSupplierInfo', {
      creditCode: '91320505MA1NH7QX3R',
    });
    const answer = await server.post<Row[]>(
      api('srmSupplierLead', 'listByPage'),
      { pageRows: 50 },
      { actor: supplierUser(a.supplierId) },
    );
    expect(answer.body.data ?? []).toEqual([]);
  });
});
