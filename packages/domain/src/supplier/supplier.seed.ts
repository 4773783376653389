// Demo suppliers: two companies with one portal user each (supplier A and supplier B), so that
// a newcomer sees the supplier side and that one supplier never sees the other's data.
import { type Row, SYSTEM_ACTOR, type SeedContext, defineSeed } from '@srm/platform';

export const DEMO_PASSWORD = 'Srm@2026';

interface DemoSupplier {
  supplier: Row;
  user: { userName: string; userFullName: string; email: string; mobile: string };
}

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  {
    supplier: {
      supplierName: '苏州恒达精密五金有限公司',
      supplierShortName: '恒达五金',
      supplierNameEn: 'Suzhou Hengda Precision Hardware Co., Ltd.',
      creditCode: '91320505MA1NH7QX3K',
      supplierType: 'PRODUCTION',
      supplierStatus: 'QUALIFIED',
      legalPerson: '周建国',
      registeredCapital: 5000000,
      capitalCurrency: 'CNY',
      establishDate: '2012-04-18',
      address: '江苏省苏州市高新区珠江路 88 号',
      contactName: '陈晓梅',
      contactMobile: '13862110001',
      contactPhone: '0512-66810001',
      contactEmail: 'chenxm@hengda-hw.example.cn',
      businessScope: '精密五金件、紧固件、钣金件的生产与销售',
    },
    user: {
      userName: 'sup_a',
      userFullName: '陈晓梅',
      email: 'chenxm@hengda-hw.example.cn',
      mobile: '13862110001',
    },
  },
  {
    supplier: {
      supplierName: '宁波瑞丰电子科技有限公司',
      supplierShortName: '瑞丰电子',
      supplierNameEn: 'Ningbo Ruifeng Electronics Technology Co., Ltd.',
      creditCode: '91330212MA2GQ3RT8W',
      supplierType: 'PRODUCTION',
      supplierStatus: 'QUALIFIED',
      legalPerson: '郑海波',
      registeredCapital: 12000000,
      capitalCurrency: 'CNY',
      establishDate: '2009-09-01',
      address: '浙江省宁波市鄞州区创新路 16 号',
      contactName: '刘建华',
      contactMobile: '13957420002',
      contactPhone: '0574-88120002',
      contactEmail: 'liujh@ruifeng-elec.example.cn',
      businessScope: '电子元器件、线束、PCBA 的研发、生产与销售',
    },
    user: {
      userName: 'sup_b',
      userFullName: '刘建华',
      email: 'liujh@ruifeng-elec.example.cn',
      mobile: '13957420002',
    },
  },
];

async function putPortalUser(
  context: SeedContext,
  supplierId: number,
  user: DemoSupplier['user'],
): Promise<void> {
  const responsibilityId = await context.findId('baseResponsibility', {
    responsibilityCode: 'SUPPLIER_PORTAL',
  });
  const existing = await context.findId('baseUser', { userName: user.userName });
  const userId = await context.put(
    'baseUser',
    { userName: user.userName },
    {
      ...user,
      userType: 'EXTERNAL',
      supplierId,
      languageCode: 'CN',
      responsibilities: responsibilityId ? [{ responsibilityId, defaultFlag: 'Y' }] : [],
    },
    { responsibilities: ['responsibilityId'] },
  );
  // A demo password is set once; a changed one is kept when the seed runs again.
  if (existing === null) await context.runtime.plugins.identity!.setPassword(userId, DEMO_PASSWORD);
}

/** Category and org library: [supplier credit code, category code, org code, status]. */
const LIBRARY: readonly (readonly [string, string, string, string])[] = [
  ['91320505MA1NH7QX3K', '0201', 'OU100', 'QUALIFIED'],
  ['91320505MA1NH7QX3K', '0203', 'OU100', 'QUALIFIED'],
  ['91320505MA1NH7QX3K', '0203', 'OU200', 'QUALIFIED'],
  ['91320505MA1NH7QX3K', '0202', 'OU100', 'POTENTIAL'],
  ['91330212MA2GQ3RT8W', '01', 'OU200', 'QUALIFIED'],
  ['91330212MA2GQ3RT8W', '01', 'OU100', 'QUALIFIED'],
  ['91330212MA2GQ3RT8W', '0103', 'OU200', 'FROZEN'],
];

/** Sets a demo row's state directly (the seed describes where the demo stands, not how it got there). */
async function putState(context: SeedContext, entity: string, id: number, status: string): Promise<void> {
  const service = context.runtime.service(entity);
  const current = await service.find(SYSTEM_ACTOR, id);
  if (current.status !== status) await service.writeSystemFields(SYSTEM_ACTOR, id, { status }, 'seed');
}

export const supplierSeeds = [
  defineSeed('supplier.demo-suppliers', async (context) => {
    for (const demo of DEMO_SUPPLIERS) {
      const supplierId = await context.put(
        'srmSupplierInfo',
        { creditCode: demo.supplier.creditCode },
        demo.supplier,
      );
      await putPortalUser(context, supplierId, demo.user);
    }
  }),
  defineSeed('supplier.category-org-library', async (context) => {
    for (const [creditCode, categoryCode, orgCode, status] of LIBRARY) {
      const key = {
        supplierId: await context.idOf('srmSupplierInfo', { creditCode }),
        categoryId: await context.idOf('srmBaseCategory', { categoryCode }),
        orgId: await context.idOf('srmBaseOrg', { orgCode }),
      };
      const id = await context.put('srmSupplierCategoryOrg', key, key);
      await putState(context, 'srmSupplierCategoryOrg', id, status);
    }
  }),
];
