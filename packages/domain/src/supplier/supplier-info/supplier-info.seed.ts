// Demo suppliers: two qualified companies with one portal user each (supplier A and supplier B),
// so that a newcomer sees the supplier side and that one supplier never sees the other's data;
// further suppliers in the other lifecycle states (potential, frozen, blacklisted, eliminated),
// each with its sub-records. Other areas' demo data and tests name suppliers A and B through
// `supplier/server.ts`.
import type { SaveBodyOf } from '@srm/kernel';
import { type Row, type SeedContext, defineSeed } from '@srm/platform';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import type { supplierInfo } from './supplier-info.entity';

export const DEMO_PASSWORD = 'Srm@2026';

interface DemoSupplier {
  supplier: SaveBodyOf<typeof supplierInfo> & {
    supplierName: string;
    creditCode: string;
    contactEmail: string;
  };
  user: { userName: string; userFullName: string; email: string; mobile: string };
}

/** Natural keys of the supplier's line collections, for merging on a second run. */
const LINE_KEYS = {
  sites: ['siteCode'],
  accounts: ['bankAccountNumber'],
  locations: ['locationType', 'address'],
  contacts: ['contactName'],
  categories: ['categoryId'],
  brands: ['brandName'],
  devices: ['deviceName'],
  credentials: ['credentialType', 'credentialNumber'],
} as const;

/**
 * Credentials per supplier: type, number, issuer, issue date, and the days from the seeding day
 * to the last valid day (null: long-term valid). Supplier A has one expiring in 5 days and one in
 * 40, so expiry warnings show from the first start.
 */
const CREDENTIALS: Readonly<Record<string, readonly [string, string, string, string, number | null][]>> = {
  '91320505MA1NH7QX3R': [
    ['BUSINESS_LICENCE', '91320505MA1NH7QX3R', '苏州市高新区市场监督管理局', '2016-03-18', null],
    ['ISO9001', 'CN-QMS-23-0815', '中国质量认证中心', '2023-12-01', 40],
    ['IATF16949', 'IATF-0432198', 'TÜV 南德意志集团', '2023-11-20', 5],
  ],
  '91330212MA2GQ3RT8L': [
    ['BUSINESS_LICENCE', '91330212MA2GQ3RT8L', '宁波市鄞州区市场监督管理局', '2012-07-09', null],
    ['ISO9001', 'CN-QMS-24-1102', '中国质量认证中心', '2024-05-10', 520],
    ['ROHS', 'SGS-RH-25-7781', 'SGS 通标标准技术服务有限公司', '2025-09-01', 280],
  ],
};

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  {
    supplier: {
      supplierName: '苏州恒达精密五金有限公司',
      supplierShortName: '恒达五金',
      supplierNameEn: 'Suzhou Hengda Precision Hardware Co., Ltd.',
      creditCode: '91320505MA1NH7QX3R',
      supplierType: 'PRODUCTION',
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
      creditCode: '91330212MA2GQ3RT8L',
      supplierType: 'PRODUCTION',
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

/** Suppliers without a portal login, in the other lifecycle states. */
const OTHER_SUPPLIERS: readonly Row[] = [
  {
    supplierName: '常州永信包装材料有限公司',
    supplierShortName: '永信包装',
    supplierNameEn: 'Changzhou Yongxin Packaging Materials Co., Ltd.',
    creditCode: '91320412MA1XK5TP2X',
    supplierType: 'PRODUCTION',
    legalPerson: '吴立新',
    registeredCapital: 2000000,
    establishDate: '2016-03-12',
    address: '江苏省常州市武进区湖塘镇长虹路 20 号',
    contactName: '沈佳',
    contactMobile: '13915830003',
    contactEmail: 'shenjia@yongxin-pack.example.cn',
    businessScope: '瓦楞纸箱、托盘及缓冲包装材料',
  },
  {
    supplierName: '无锡金桥机械加工有限公司',
    supplierShortName: '金桥机加',
    supplierNameEn: 'Wuxi Jinqiao Machining Co., Ltd.',
    creditCode: '91320211MA1P8GDK6E',
    supplierType: 'PRODUCTION',
    legalPerson: '钱国强',
    registeredCapital: 8000000,
    establishDate: '2011-07-06',
    address: '江苏省无锡市滨湖区胡埭工业园 6 号',
    contactName: '顾明',
    contactMobile: '13806180004',
    contactEmail: 'guming@jinqiao-mc.example.cn',
    businessScope: '数控车铣加工件、法兰及轴类零件',
  },
  {
    supplierName: '温州鑫盛标准件有限公司',
    supplierShortName: '鑫盛标准件',
    supplierNameEn: 'Wenzhou Xinsheng Standard Parts Co., Ltd.',
    creditCode: '91330302MA2H4LQN5R',
    supplierType: 'PRODUCTION',
    legalPerson: '林海',
    registeredCapital: 1000000,
    establishDate: '2014-11-20',
    address: '浙江省温州市龙湾区永中街道 118 号',
    contactName: '林小燕',
    contactMobile: '13757760005',
    contactEmail: 'linxy@xinsheng-bj.example.cn',
    businessScope: '螺栓、螺母、垫圈等紧固件',
  },
  {
    supplierName: '上海明达工业服务有限公司',
    supplierShortName: '明达工业服务',
    supplierNameEn: 'Shanghai Mingda Industrial Services Co., Ltd.',
    creditCode: '91310115MA1K3RWU7F',
    supplierType: 'SERVICE',
    legalPerson: '黄磊',
    registeredCapital: 3000000,
    establishDate: '2017-05-09',
    address: '上海市浦东新区康桥路 1200 号',
    contactName: '黄丽',
    contactMobile: '13611860006',
    contactEmail: 'huangli@mingda-svc.example.cn',
    businessScope: '设备维护保养、劳保用品及 MRO 辅料配送',
  },
];

/**
 * Where each demo supplier stands in its lifecycle, by credit code (ADR 0023): the status follows
 * the library lines (a supplier whose only line is suspended is still QUALIFIED); the blacklisted
 * company keeps its status under its blacklist entry (supplier-blacklist.seed.ts).
 */
export const DEMO_SUPPLIER_STATES: Readonly<Record<string, string>> = {
  '91320505MA1NH7QX3R': 'QUALIFIED',
  '91330212MA2GQ3RT8L': 'QUALIFIED',
  '91320412MA1XK5TP2X': 'POTENTIAL',
  '91320211MA1P8GDK6E': 'QUALIFIED',
  '91330302MA2H4LQN5R': 'POTENTIAL',
  '91310115MA1K3RWU7F': 'QUIT',
};

/** Sub-records per supplier (categories by code, sites' organisations by code). */
interface DemoLines {
  sites: [string, string, string | null, string][];
  accounts: [string, string, string, string, string | null, 'Y' | 'N'][];
  locations: [string, string][];
  contacts: [string, string, string, string, string][];
  categories: [string, 'Y' | 'N'][];
  brands: [string, string][];
  devices: [string, string, string, string, number][];
}

const LINES: Readonly<Record<string, DemoLines>> = {
  '91320505MA1NH7QX3R': {
    sites: [
      ['SZ01', '苏州高新区工厂', 'OU100', '江苏省苏州市高新区珠江路 88 号'],
      ['SZ02', '苏州相城仓库', 'OU100', '江苏省苏州市相城区阳澄湖大道 9 号'],
    ],
    accounts: [
      [
        '中国工商银行',
        '苏州高新区支行',
        '苏州恒达精密五金有限公司',
        '1102020109000123456',
        'ICBKCNBJSZH',
        'Y',
      ],
      ['招商银行', '苏州分行', '苏州恒达精密五金有限公司', '512903887710888', null, 'N'],
    ],
    locations: [
      ['REGISTERED', '江苏省苏州市高新区珠江路 88 号'],
      ['FACTORY', '江苏省苏州市高新区珠江路 88 号 3 号厂房'],
    ],
    contacts: [
      ['陈晓梅', 'BUSINESS', '销售经理', '13862110001', 'chenxm@hengda-hw.example.cn'],
      ['王强', 'QUALITY', '质量主管', '13862110011', 'wangq@hengda-hw.example.cn'],
      ['李娜', 'FINANCE', '会计', '13862110021', 'lina@hengda-hw.example.cn'],
    ],
    categories: [
      ['0201', 'Y'],
      ['0203', 'Y'],
      ['0202', 'N'],
    ],
    brands: [['恒达 HENGDA', 'OWN']],
    devices: [
      ['数控冲床', 'PRODUCTION', 'AMADA EM-2510NT', '天田', 4],
      ['激光切割机', 'PRODUCTION', 'TruLaser 3030', '通快', 2],
      ['三坐标测量机', 'INSPECTION', 'Global S 7.10.7', '海克斯康', 1],
    ],
  },
  '91330212MA2GQ3RT8L': {
    sites: [['NB01', '宁波鄞州工厂', 'OU200', '浙江省宁波市鄞州区创新路 16 号']],
    accounts: [['中国银行', '宁波鄞州支行', '宁波瑞丰电子科技有限公司', '356758392011', 'BKCHCNBJ92A', 'Y']],
    locations: [['REGISTERED', '浙江省宁波市鄞州区创新路 16 号']],
    contacts: [
      ['刘建华', 'BUSINESS', '客户经理', '13957420002', 'liujh@ruifeng-elec.example.cn'],
      ['赵磊', 'TECHNICAL', '研发工程师', '13957420012', 'zhaolei@ruifeng-elec.example.cn'],
    ],
    categories: [
      ['01', 'Y'],
      ['0104', 'N'],
    ],
    brands: [
      ['瑞丰 RUIFENG', 'OWN'],
      ['STMicroelectronics', 'AGENT'],
    ],
    devices: [
      ['SMT 贴片线', 'PRODUCTION', 'NXT III', '富士', 3],
      ['ICT 在线测试仪', 'TEST', 'TR518', '德律', 2],
    ],
  },
  '91320412MA1XK5TP2X': {
    sites: [['CZ01', '常州武进工厂', 'OU100', '江苏省常州市武进区湖塘镇长虹路 20 号']],
    accounts: [
      ['中国建设银行', '常州武进支行', '常州永信包装材料有限公司', '32001628836052501234', null, 'Y'],
    ],
    locations: [['FACTORY', '江苏省常州市武进区湖塘镇长虹路 20 号']],
    contacts: [['沈佳', 'BUSINESS', '业务员', '13915830003', 'shenjia@yongxin-pack.example.cn']],
    categories: [
      ['0301', 'Y'],
      ['0303', 'N'],
    ],
    brands: [],
    devices: [['全自动瓦楞纸板生产线', 'PRODUCTION', 'BHS 2500', 'BHS', 1]],
  },
  '91320211MA1P8GDK6E': {
    sites: [['WX01', '无锡胡埭工厂', 'OU100', '江苏省无锡市滨湖区胡埭工业园 6 号']],
    accounts: [['交通银行', '无锡滨湖支行', '无锡金桥机械加工有限公司', '322000612018170012345', null, 'Y']],
    locations: [['FACTORY', '江苏省无锡市滨湖区胡埭工业园 6 号']],
    contacts: [['顾明', 'BUSINESS', '总经理', '13806180004', 'guming@jinqiao-mc.example.cn']],
    categories: [['0202', 'Y']],
    brands: [],
    devices: [['五轴加工中心', 'PRODUCTION', 'DMU 50', '德玛吉', 2]],
  },
  '91330302MA2H4LQN5R': {
    sites: [],
    accounts: [['温州银行', '龙湾支行', '温州鑫盛标准件有限公司', '905000120190012345', null, 'Y']],
    locations: [['FACTORY', '浙江省温州市龙湾区永中街道 118 号']],
    contacts: [['林小燕', 'BUSINESS', '销售', '13757760005', 'linxy@xinsheng-bj.example.cn']],
    categories: [['0203', 'Y']],
    brands: [],
    devices: [],
  },
  '91310115MA1K3RWU7F': {
    sites: [],
    accounts: [],
    locations: [['OFFICE', '上海市浦东新区康桥路 1200 号']],
    contacts: [['黄丽', 'BUSINESS', '客户经理', '13611860006', 'huangli@mingda-svc.example.cn']],
    categories: [
      ['0401', 'Y'],
      ['0402', 'N'],
    ],
    brands: [],
    devices: [],
  },
};

async function linesOf(context: SeedContext, creditCode: string): Promise<Row> {
  const lines = LINES[creditCode];
  if (!lines) return {};
  const today = dayIn(context.data().now, context.runtime.timeZone);
  const orgIdOf = (code: string | null) => (code ? context.idOf('srmBaseOrg', { orgCode: code }) : null);
  return {
    sites: await Promise.all(
      lines.sites.map(async ([siteCode, siteName, org, address]) => ({
        siteCode,
        siteName,
        orgId: await orgIdOf(org),
        address,
      })),
    ),
    accounts: lines.accounts.map(
      ([bankName, bankBranch, bankAccountName, bankAccountNumber, swiftCode, primaryFlag]) => ({
        bankName,
        bankBranch,
        bankAccountName,
        bankAccountNumber,
        swiftCode,
        primaryFlag,
      }),
    ),
    locations: lines.locations.map(([locationType, address]) => ({ locationType, address })),
    contacts: lines.contacts.map(([contactName, contactRole, position, mobile, email], index) => ({
      contactName,
      contactRole,
      position,
      mobile,
      email,
      primaryFlag: index === 0 ? 'Y' : 'N',
    })),
    categories: await Promise.all(
      lines.categories.map(async ([categoryCode, mainFlag]) => ({
        categoryId: await context.idOf('srmBaseCategory', { categoryCode }),
        mainFlag,
      })),
    ),
    brands: lines.brands.map(([brandName, brandRelation]) => ({ brandName, brandRelation })),
    devices: lines.devices.map(([deviceName, deviceType, model, manufacturer, quantity]) => ({
      deviceName,
      deviceType,
      model,
      manufacturer,
      quantity,
    })),
    credentials: (CREDENTIALS[creditCode] ?? []).map(
      ([credentialType, credentialNumber, issuingAuthority, issueDate, days]) => ({
        credentialType,
        credentialNumber,
        issuingAuthority,
        issueDate,
        expiryDate: days === null ? null : addDays(today, days),
        longTermFlag: days === null ? 'Y' : 'N',
      }),
    ),
  };
}

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

export const supplierInfoSeed = defineSeed('supplier.demo-suppliers', async (context) => {
  for (const demo of DEMO_SUPPLIERS) {
    const creditCode = String(demo.supplier.creditCode);
    const supplierId = await context.put(
      'srmSupplierInfo',
      { creditCode },
      { ...demo.supplier, ...(await linesOf(context, creditCode)) },
      LINE_KEYS,
    );
    await putPortalUser(context, supplierId, demo.user);
  }
  for (const supplier of OTHER_SUPPLIERS) {
    const creditCode = String(supplier.creditCode);
    await context.put(
      'srmSupplierInfo',
      { creditCode },
      { ...supplier, ...(await linesOf(context, creditCode)) },
      LINE_KEYS,
    );
  }
});
