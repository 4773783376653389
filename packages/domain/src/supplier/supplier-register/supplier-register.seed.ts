// Demo registrations waiting for the buyer's review: entered, confirmed and submitted as a
// company does, so the purchasing manager finds them among the pending tasks.
import { type Row, SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { SUPPLIER_REGISTER_PROCESS } from './supplier-register.entity';

/** Registrations waiting for the buyer's review (e-mail confirmed, submitted), with the codes of the categories each offers. */
const PENDING_REGISTRATIONS: readonly (Row & { offers: readonly string[] })[] = [
  {
    companyName: '嘉兴华美塑胶制品有限公司',
    creditCode: '91330402MA2BW6HY4H',
    contactName: '何静',
    contactEmail: 'hejing@huamei-plastic.example.cn',
    contactMobile: '13732310007',
    userName: 'huamei_hj',
    supplierType: 'PRODUCTION',
    legalPerson: '何建平',
    registeredCapital: 6000000,
    capitalCurrency: 'CNY',
    establishDate: '2013-08-15',
    address: '浙江省嘉兴市南湖区亚中路 77 号',
    businessScope: '注塑件、工程塑料粒子改性',
    taxpayerType: 'GENERAL',
    employeeCount: 180,
    mainCustomers: '家电及汽车零部件企业',
    offers: ['0503'],
    credentials: [
      { credentialType: 'BUSINESS_LICENCE', credentialNumber: '91330402MA2BW6HY4H', longTermFlag: 'Y' },
      {
        credentialType: 'ISO9001',
        credentialNumber: 'CN-QMS-2023-1107',
        issuingAuthority: '中国质量认证中心',
        issueDate: '2023-11-07',
        expiryDate: '2026-11-06',
      },
    ],
    sites: [{ siteCode: 'JX01', siteName: '南湖工厂', address: '浙江省嘉兴市南湖区亚中路 77 号' }],
    devices: [
      {
        deviceName: '注塑机',
        deviceType: 'PRODUCTION',
        model: 'HTF-360',
        manufacturer: '海天',
        quantity: 24,
      },
      { deviceName: '三坐标测量机', deviceType: 'INSPECTION', model: 'Global S', quantity: 1 },
    ],
    contacts: [
      {
        contactName: '何静',
        contactRole: 'BUSINESS',
        position: '销售经理',
        mobile: '13732310007',
        email: 'hejing@huamei-plastic.example.cn',
      },
    ],
    accounts: [
      {
        bankName: '中国农业银行',
        bankBranch: '嘉兴南湖支行',
        bankAccountName: '嘉兴华美塑胶制品有限公司',
        bankAccountNumber: '19350101040012345',
        primaryFlag: 'Y',
      },
    ],
  },
  {
    companyName: '杭州拓远智能装备有限公司',
    creditCode: '91330106MA27YK3L9L',
    contactName: '孙涛',
    contactEmail: 'suntao@tuoyuan-ie.example.cn',
    contactMobile: '13858120008',
    userName: 'tuoyuan_st',
    supplierType: 'NON_PRODUCTION',
    legalPerson: '孙立',
    registeredCapital: 10000000,
    capitalCurrency: 'CNY',
    establishDate: '2018-01-22',
    address: '浙江省杭州市西湖区西园路 3 号',
    businessScope: '自动化设备、工装夹具设计制造',
    taxpayerType: 'GENERAL',
    serviceScope: '自动化产线改造、工装夹具设计制造及设备维保',
    serviceRegions: '浙江、江苏、上海',
    responseHours: 8,
    employeeCount: 65,
    annualRevenue: 32000000,
    offers: ['0403'],
    credentials: [
      { credentialType: 'BUSINESS_LICENCE', credentialNumber: '91330106MA27YK3L9L', longTermFlag: 'Y' },
    ],
    locations: [{ locationType: 'OFFICE', address: '浙江省杭州市西湖区西园路 3 号 5 楼' }],
    contacts: [
      {
        contactName: '孙涛',
        contactRole: 'BUSINESS',
        position: '项目经理',
        mobile: '13858120008',
        email: 'suntao@tuoyuan-ie.example.cn',
      },
    ],
    accounts: [
      {
        bankName: '杭州银行',
        bankBranch: '西湖支行',
        bankAccountName: '杭州拓远智能装备有限公司',
        bankAccountNumber: '3301040160012345678',
        primaryFlag: 'Y',
      },
    ],
  },
];

export const supplierRegisterSeed = defineSeed('supplier.pending-registrations', async (context) => {
  // Without the registration's process (a partial seeding without the roles, as some tests do)
  // there is nothing to wait in: the pending registrations are left out.
  if (!(await context.findId('srmBaseProcessTemplate', { processKey: SUPPLIER_REGISTER_PROCESS }))) return;
  for (const { offers, ...registration } of PENDING_REGISTRATIONS) {
    const creditCode = String(registration.creditCode);
    // A company that became a supplier meanwhile is left alone.
    if (await context.findId('srmSupplierInfo', { creditCode })) continue;
    const categories = [];
    for (const categoryCode of offers)
      categories.push({ categoryId: await context.idOf('srmBaseCategory', { categoryCode }), mainFlag: 'Y' });
    const id = await context.put(
      'srmSupplierRegister',
      { creditCode },
      { ...registration, categories },
      {
        contacts: ['contactName'],
        accounts: ['bankAccountNumber'],
        credentials: ['credentialType', 'credentialNumber'],
        sites: ['siteCode'],
        locations: ['address'],
        categories: ['categoryId'],
        devices: ['deviceName'],
      },
    );
    const service = context.runtime.service('srmSupplierRegister');
    const current = await service.find(SYSTEM_ACTOR, id);
    if (current.status === 'DRAFT') {
      // Confirmed and submitted as the company does (submitMine): the approval process starts,
      // the purchasing manager finds it among the pending tasks.
      await service.writeSystemFields(SYSTEM_ACTOR, id, { emailConfirmed: 'Y' }, 'seed');
      await service.act(SYSTEM_ACTOR, 'doSubmit', [id], {}, { fromHttp: false });
    }
  }
});
