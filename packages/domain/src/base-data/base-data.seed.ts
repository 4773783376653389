// Demo data of base data: a Chinese precision-manufacturing group (华东精密制造集团) with two
// companies and operating units and three plants, its lookups, units and conversions,
// currencies and rates, categories, materials, payment terms, districts, storage locations,
// delivery addresses and business configuration. Every seed upserts by natural keys.
import { type Row, type SeedContext, defineSeed } from '@srm/platform';
import { flattenUpload } from './district.actions';

// ------------------------------------------------------------------ lookups

type LookupSeed = readonly [
  type: string,
  meaning: string,
  meaningEn: string,
  values: readonly (readonly [string, string, string])[],
];

const LOOKUPS: readonly LookupSeed[] = [
  [
    'BASE_ORG_TYPE',
    '组织类型',
    'Organisation type',
    [
      ['GROUP', '集团', 'Group'],
      ['COMPANY', '公司', 'Company'],
      ['OU', '业务实体', 'Operating unit'],
      ['INV_ORG', '库存组织', 'Inventory organisation'],
    ],
  ],
  [
    'BASE_ORG_RELATION_TYPE',
    '组织关联类型',
    'Organisation relation type',
    [
      ['OU_INV', '业务实体-库存组织', 'Operating unit to inventory organisation'],
      ['COMPANY_OU', '公司-业务实体', 'Company to operating unit'],
      ['CENTRAL_PURCHASE', '集中采购', 'Central purchasing'],
    ],
  ],
  [
    'BASE_ITEM_TYPE',
    '物料类型',
    'Material type',
    [
      ['RAW', '原材料', 'Raw material'],
      ['PART', '零部件', 'Component'],
      ['PACKAGING', '包装材料', 'Packaging material'],
      ['MRO', '辅料及备品备件', 'MRO and consumables'],
      ['FINISHED', '成品', 'Finished goods'],
      ['SERVICE', '服务', 'Service'],
    ],
  ],
  [
    'BASE_UOM_CLASS',
    '计量单位类别',
    'Unit class',
    [
      ['QUANTITY', '数量', 'Quantity'],
      ['WEIGHT', '重量', 'Weight'],
      ['LENGTH', '长度', 'Length'],
      ['AREA', '面积', 'Area'],
      ['VOLUME', '体积', 'Volume'],
      ['TIME', '时间', 'Time'],
      ['PACKAGE', '包装', 'Package'],
    ],
  ],
  [
    'BASE_RATE_TYPE',
    '汇率类型',
    'Exchange rate type',
    [
      ['SPOT', '即期汇率', 'Spot rate'],
      ['BUDGET', '预算汇率', 'Budget rate'],
      ['CORPORATE', '公司汇率', 'Corporate rate'],
    ],
  ],
  [
    'BASE_PAYMENT_NODE_TYPE',
    '付款节点类型',
    'Payment node type',
    [
      ['ADVANCE', '预付款', 'Advance payment'],
      ['DELIVERY', '到货款', 'On delivery'],
      ['ACCEPTANCE', '验收款', 'On acceptance'],
      ['INVOICE', '票到付款', 'On invoice'],
      ['WARRANTY', '质保金', 'Warranty retention'],
    ],
  ],
  [
    'BASE_LOCATION_TYPE',
    '库存地点类型',
    'Storage location type',
    [
      ['RAW', '原材料库', 'Raw material store'],
      ['SEMI', '半成品库', 'Semi-finished goods store'],
      ['FINISHED', '成品库', 'Finished goods store'],
      ['QUARANTINE', '待检区', 'Quarantine area'],
      ['MRO', '备品备件库', 'MRO store'],
      ['RETURN', '退货库', 'Returns store'],
    ],
  ],
  [
    'BASE_CONFIG_VALUE_TYPE',
    '配置值类型',
    'Configuration value type',
    [
      ['TEXT', '文本', 'Text'],
      ['NUMBER', '数值', 'Number'],
      ['FLAG', '是/否', 'Yes/No'],
      ['DATE', '日期', 'Date'],
    ],
  ],
  [
    'BASE_COUNTRY',
    '国家/地区',
    'Country or region',
    [
      ['CN', '中国', 'China'],
      ['US', '美国', 'United States'],
      ['DE', '德国', 'Germany'],
      ['JP', '日本', 'Japan'],
      ['KR', '韩国', 'South Korea'],
      ['SG', '新加坡', 'Singapore'],
      ['GB', '英国', 'United Kingdom'],
      ['FR', '法国', 'France'],
      ['VN', '越南', 'Vietnam'],
      ['TH', '泰国', 'Thailand'],
    ],
  ],
];

async function putLookupType(
  ctx: SeedContext,
  lookupType: string,
  meaning: string,
  meaningEn: string,
  values: readonly Row[],
): Promise<void> {
  await ctx.put(
    'baseLookupType',
    { lookupType },
    {
      lookupType,
      meaning,
      meaningEn,
      values: values.map((value, index) => ({ seqNum: (index + 1) * 10, ...value })),
    },
    { values: ['lookupCode'] },
  );
}

const lookups = defineSeed('base-data.lookups', async (ctx) => {
  for (const [type, meaning, meaningEn, values] of LOOKUPS) {
    await putLookupType(
      ctx,
      type,
      meaning,
      meaningEn,
      values.map(([lookupCode, valueMeaning, valueMeaningEn]) => ({
        lookupCode,
        meaning: valueMeaning,
        meaningEn: valueMeaningEn,
      })),
    );
  }
});

// ------------------------------------------------------------------ currencies and rates

const CURRENCIES = [
  ['CNY', '人民币', 'Chinese Yuan', '¥', 2],
  ['USD', '美元', 'US Dollar', '$', 2],
  ['EUR', '欧元', 'Euro', '€', 2],
  ['JPY', '日元', 'Japanese Yen', '¥', 0],
  ['HKD', '港币', 'Hong Kong Dollar', 'HK$', 2],
] as const;

/** [from, to, type, effective date, rate]: units of `to` for one unit of `from`. */
const RATES: readonly (readonly [string, string, string, string, number])[] = [
  ['USD', 'CNY', 'SPOT', '2025-01-02', 7.1879],
  ['USD', 'CNY', 'SPOT', '2025-04-01', 7.1782],
  ['USD', 'CNY', 'SPOT', '2025-07-01', 7.1586],
  ['USD', 'CNY', 'SPOT', '2025-10-09', 7.1074],
  ['EUR', 'CNY', 'SPOT', '2025-01-02', 7.4981],
  ['EUR', 'CNY', 'SPOT', '2025-04-01', 7.764],
  ['EUR', 'CNY', 'SPOT', '2025-07-01', 8.4024],
  ['EUR', 'CNY', 'SPOT', '2025-10-09', 8.2697],
  ['JPY', 'CNY', 'SPOT', '2025-01-02', 0.045733],
  ['JPY', 'CNY', 'SPOT', '2025-04-01', 0.048168],
  ['JPY', 'CNY', 'SPOT', '2025-07-01', 0.049684],
  ['JPY', 'CNY', 'SPOT', '2025-10-09', 0.046912],
  ['HKD', 'CNY', 'SPOT', '2025-01-02', 0.92604],
  ['HKD', 'CNY', 'SPOT', '2025-04-01', 0.92317],
  ['HKD', 'CNY', 'SPOT', '2025-07-01', 0.91201],
  ['HKD', 'CNY', 'SPOT', '2025-10-09', 0.91342],
  ['EUR', 'USD', 'SPOT', '2025-01-02', 1.0389],
  ['EUR', 'USD', 'SPOT', '2025-07-01', 1.174],
  ['USD', 'CNY', 'BUDGET', '2025-01-01', 7.2],
  ['EUR', 'CNY', 'BUDGET', '2025-01-01', 7.8],
  ['JPY', 'CNY', 'BUDGET', '2025-01-01', 0.048],
  ['HKD', 'CNY', 'BUDGET', '2025-01-01', 0.925],
  ['USD', 'CNY', 'CORPORATE', '2025-07-01', 7.15],
];

const currencies = defineSeed('base-data.currencies', async (ctx) => {
  const ids = new Map<string, number>();
  for (const [currencyCode, currencyName, currencyNameEn, currencySymbol, precisionNum] of CURRENCIES) {
    ids.set(
      currencyCode,
      await ctx.put(
        'srmBaseCurrency',
        { currencyCode },
        { currencyCode, currencyName, currencyNameEn, currencySymbol, precisionNum },
      ),
    );
  }
  for (const [from, to, rateType, effectiveDate, rate] of RATES) {
    const key = { fromCurrencyId: ids.get(from)!, toCurrencyId: ids.get(to)!, rateType, effectiveDate };
    await ctx.put('srmBaseExchangeRate', key, { ...key, rate });
  }
});

// ------------------------------------------------------------------ units and conversions

const UNITS = [
  ['PCS', '个', 'Piece', 'QUANTITY', 0],
  ['SET', '套', 'Set', 'QUANTITY', 0],
  ['PR', '双', 'Pair', 'QUANTITY', 0],
  ['DZ', '打', 'Dozen', 'QUANTITY', 0],
  ['KG', '千克', 'Kilogram', 'WEIGHT', 3],
  ['G', '克', 'Gram', 'WEIGHT', 2],
  ['T', '吨', 'Tonne', 'WEIGHT', 4],
  ['M', '米', 'Metre', 'LENGTH', 3],
  ['CM', '厘米', 'Centimetre', 'LENGTH', 2],
  ['MM', '毫米', 'Millimetre', 'LENGTH', 1],
  ['M2', '平方米', 'Square metre', 'AREA', 2],
  ['L', '升', 'Litre', 'VOLUME', 3],
  ['ML', '毫升', 'Millilitre', 'VOLUME', 1],
  ['H', '小时', 'Hour', 'TIME', 2],
  ['BOX', '箱', 'Box', 'PACKAGE', 0],
  ['ROLL', '卷', 'Roll', 'PACKAGE', 0],
] as const;

/** UNIT_CONVERSION_RATIO: [original unit, target unit, rate]. */
const CONVERSIONS = [
  ['KG', 'G', '1000'],
  ['T', 'KG', '1000'],
  ['M', 'MM', '1000'],
  ['CM', 'MM', '10'],
  ['L', 'ML', '1000'],
  ['BOX', 'PCS', '100'],
  ['DZ', 'PCS', '12'],
] as const;

const units = defineSeed('base-data.units', async (ctx) => {
  for (const [uomCode, uomName, uomNameEn, uomClass, precisionNum] of UNITS) {
    await ctx.put('srmBaseUom', { uomCode }, { uomCode, uomName, uomNameEn, uomClass, precisionNum });
  }
  await putLookupType(
    ctx,
    'UNIT_CONVERSION_RATIO',
    '单位换算率',
    'Unit conversion ratio',
    CONVERSIONS.map(([lookupCode, meaning, description]) => ({ lookupCode, meaning, description })),
  );
});

// ------------------------------------------------------------------ organisations

/** [code, name, English name, type, parent code, address]. */
const ORGS = [
  [
    'HDPM',
    '华东精密制造集团',
    'East China Precision Manufacturing Group',
    'GROUP',
    null,
    '上海市浦东新区金科路2889号',
  ],
  [
    'C100',
    '苏州华东精密机械有限公司',
    'Suzhou East China Precision Machinery Co., Ltd.',
    'COMPANY',
    'HDPM',
    '江苏省苏州市吴中区吴中经济开发区东吴南路88号',
  ],
  [
    'OU100',
    '苏州精密机械业务实体',
    'Suzhou Precision Machinery OU',
    'OU',
    'C100',
    '江苏省苏州市吴中区吴中经济开发区东吴南路88号',
  ],
  [
    'P110',
    '苏州吴中工厂',
    'Suzhou Wuzhong Plant',
    'INV_ORG',
    'OU100',
    '江苏省苏州市吴中区郭巷街道尹山湖路168号',
  ],
  ['P120', '昆山工厂', 'Kunshan Plant', 'INV_ORG', 'OU100', '江苏省昆山市玉山镇元丰路232号'],
  [
    'C200',
    '宁波华东精密电子有限公司',
    'Ningbo East China Precision Electronics Co., Ltd.',
    'COMPANY',
    'HDPM',
    '浙江省宁波市北仑区新碶街道明州路501号',
  ],
  [
    'OU200',
    '宁波精密电子业务实体',
    'Ningbo Precision Electronics OU',
    'OU',
    'C200',
    '浙江省宁波市北仑区新碶街道明州路501号',
  ],
  [
    'P210',
    '宁波北仑工厂',
    'Ningbo Beilun Plant',
    'INV_ORG',
    'OU200',
    '浙江省宁波市北仑区大碶街道庐山东路99号',
  ],
] as const;

/** [relation type, from org, to org, description]. */
const ORG_RELATIONS = [
  ['COMPANY_OU', 'C100', 'OU100', '苏州公司下设业务实体'],
  ['COMPANY_OU', 'C200', 'OU200', '宁波公司下设业务实体'],
  ['OU_INV', 'OU100', 'P110', '苏州业务实体由吴中工厂收货'],
  ['OU_INV', 'OU100', 'P120', '苏州业务实体由昆山工厂收货'],
  ['OU_INV', 'OU200', 'P210', '宁波业务实体由北仑工厂收货'],
  ['CENTRAL_PURCHASE', 'OU100', 'OU200', '苏州业务实体集中采购辅料及备品备件'],
] as const;

const orgId = (ctx: SeedContext, orgCode: string) => ctx.idOf('srmBaseOrg', { orgCode });

const organisations = defineSeed('base-data.organisations', async (ctx) => {
  const cny = await ctx.idOf('srmBaseCurrency', { currencyCode: 'CNY' });
  for (const [orgCode, orgName, orgNameEn, orgType, parent, address] of ORGS) {
    await ctx.put(
      'srmBaseOrg',
      { orgCode },
      {
        orgCode,
        orgName,
        orgNameEn,
        orgType,
        parentOrgId: parent ? await orgId(ctx, parent) : null,
        currencyId: cny,
        address,
      },
    );
  }
  for (const [relationType, from, to, description] of ORG_RELATIONS) {
    const key = { relationType, fromOrgId: await orgId(ctx, from), toOrgId: await orgId(ctx, to) };
    await ctx.put('srmBaseOrgRelation', key, { ...key, description });
  }
});

// ------------------------------------------------------------------ categories

/** [code, name, English name, parent code, description]. */
const CATEGORIES = [
  ['01', '电子元器件', 'Electronic components', null, '芯片、阻容感、连接器及印制电路板'],
  ['0101', '集成电路', 'Integrated circuits', '01', '微控制器、电源芯片、模拟芯片'],
  ['0102', '被动元件', 'Passive components', '01', '电阻、电容、电感'],
  ['0103', '连接器', 'Connectors', '01', '板对板、线对板及接口连接器'],
  ['0104', '印制电路板', 'Printed circuit boards', '01', 'PCB 光板及柔性板'],
  ['02', '机械加工件', 'Machined parts', null, '钣金、机加工、紧固件及铸锻件'],
  ['0201', '钣金件', 'Sheet metal parts', '02', '冲压、激光切割、折弯件'],
  ['0202', '机加工件', 'CNC machined parts', '02', '车铣加工的轴、盘、法兰类零件'],
  ['0203', '紧固件', 'Fasteners', '02', '螺钉、螺母、垫圈等标准件'],
  ['0204', '铸锻件', 'Castings and forgings', '02', '铸铁、铸铝及锻件毛坯'],
  ['03', '包装材料', 'Packaging materials', null, '外箱、托盘及缓冲材料'],
  ['0301', '纸箱', 'Cartons', '03', '瓦楞纸箱及纸板'],
  ['0302', '托盘', 'Pallets', '03', '木托盘及塑料托盘'],
  ['0303', '缓冲及捆扎材料', 'Cushioning and wrapping', '03', '珍珠棉、气泡膜、缠绕膜'],
  ['04', 'MRO 辅料', 'MRO supplies', null, '劳保用品、润滑油脂、刀具量具等间接物料'],
  ['0401', '劳保用品', 'Personal protective equipment', '04', '手套、眼镜、防护服'],
  ['0402', '润滑油脂', 'Lubricants', '04', '导轨油、液压油、润滑脂'],
  ['0403', '刀具量具', 'Cutting and measuring tools', '04', '铣刀、钻头、卡尺、千分尺'],
  ['05', '原材料', 'Raw materials', null, '钢材、铝材及工程塑料'],
  ['0501', '钢材', 'Steel', '05', '冷轧板、热轧板、圆钢'],
  ['0502', '铝材', 'Aluminium', '05', '铝棒、铝板、型材'],
  ['0503', '工程塑料', 'Engineering plastics', '05', 'ABS、PC、PA 等塑胶粒子'],
] as const;

const categories = defineSeed('base-data.categories', async (ctx) => {
  for (const [categoryCode, categoryName, categoryNameEn, parent, description] of CATEGORIES) {
    await ctx.put(
      'srmBaseCategory',
      { categoryCode },
      {
        categoryCode,
        categoryName,
        categoryNameEn,
        parentCategoryId: parent ? await ctx.idOf('srmBaseCategory', { categoryCode: parent }) : null,
        description,
      },
    );
  }
});

// ------------------------------------------------------------------ materials

/** Organisation assignment: [plant, buyer, lead time days, incoming inspection]. */
type Assignment = readonly [string, string, number, 'Y' | 'N'];
/** [code, name, English name, specification, type, category, unit, lead time, MOQ, assignments]. */
type ItemSeed = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  readonly Assignment[],
];

const ITEMS: readonly ItemSeed[] = [
  [
    '01010001',
    '微控制器 STM32F103C8T6',
    'Microcontroller STM32F103C8T6',
    'ARM Cortex-M3，72MHz，64KB Flash，LQFP-48',
    'PART',
    '0101',
    'PCS',
    56,
    250,
    [
      ['P210', '张伟', 56, 'Y'],
      ['P120', '赵敏', 60, 'Y'],
    ],
  ],
  [
    '01010002',
    '低压差稳压器 AMS1117-3.3',
    'LDO regulator AMS1117-3.3',
    '3.3V 1A，SOT-223',
    'PART',
    '0101',
    'PCS',
    21,
    2500,
    [['P210', '张伟', 21, 'Y']],
  ],
  [
    '01010003',
    '运算放大器 LM358DR',
    'Operational amplifier LM358DR',
    '双运放，SOIC-8',
    'PART',
    '0101',
    'PCS',
    28,
    2500,
    [['P210', '张伟', 28, 'Y']],
  ],
  [
    '01020001',
    '贴片电阻 10kΩ',
    'Chip resistor 10 kΩ',
    '0603，±1%，1/10W',
    'PART',
    '0102',
    'PCS',
    14,
    5000,
    [
      ['P210', '张伟', 14, 'N'],
      ['P120', '赵敏', 14, 'N'],
    ],
  ],
  [
    '01020002',
    '贴片电容 100nF',
    'Ceramic capacitor 100 nF',
    '0603，50V，X7R，±10%',
    'PART',
    '0102',
    'PCS',
    14,
    4000,
    [
      ['P210', '张伟', 14, 'N'],
      ['P120', '赵敏', 14, 'N'],
    ],
  ],
  [
    '01020003',
    '铝电解电容 470μF',
    'Aluminium electrolytic capacitor 470 µF',
    '25V，Φ8×12mm，105℃',
    'PART',
    '0102',
    'PCS',
    21,
    1000,
    [['P210', '张伟', 21, 'Y']],
  ],
  [
    '01020004',
    '功率电感 10μH',
    'Power inductor 10 µH',
    '3A，6.0×6.0×3.0mm，屏蔽型',
    'PART',
    '0102',
    'PCS',
    28,
    1000,
    [['P210', '张伟', 28, 'Y']],
  ],
  [
    '01030001',
    '板对板连接器 40P',
    'Board-to-board connector 40P',
    '0.5mm 间距，公座，合高 1.5mm',
    'PART',
    '0103',
    'PCS',
    35,
    1000,
    [['P210', '张伟', 35, 'Y']],
  ],
  [
    '01030002',
    'USB Type-C 母座',
    'USB Type-C receptacle',
    '16P，沉板式，贴片',
    'PART',
    '0103',
    'PCS',
    21,
    1000,
    [
      ['P210', '张伟', 21, 'Y'],
      ['P120', '赵敏', 21, 'Y'],
    ],
  ],
  [
    '01030003',
    '线对板连接器 XH2.54-4P',
    'Wire-to-board connector XH2.54 4P',
    '2.54mm 间距，直针，含端子',
    'PART',
    '0103',
    'PCS',
    14,
    2000,
    [['P120', '赵敏', 14, 'N']],
  ],
  [
    '01040001',
    '主控板 PCB 光板',
    'Main control board bare PCB',
    '4 层，FR-4，板厚 1.6mm，沉金，120×80mm',
    'PART',
    '0104',
    'PCS',
    10,
    500,
    [['P210', '张伟', 10, 'Y']],
  ],
  [
    '02010001',
    '电机安装支架',
    'Motor mounting bracket',
    'SPCC 2.0mm，折弯，黑色喷粉',
    'PART',
    '0201',
    'PCS',
    15,
    200,
    [['P110', '李娜', 15, 'Y']],
  ],
  [
    '02010002',
    '控制柜侧板',
    'Control cabinet side panel',
    'SECC 1.2mm，激光切割，折弯，喷塑',
    'PART',
    '0201',
    'PCS',
    15,
    100,
    [['P110', '李娜', 15, 'Y']],
  ],
  [
    '02020001',
    '传动主轴',
    'Drive spindle',
    '45# 钢，调质 HB220-250，Φ30×220mm',
    'PART',
    '0202',
    'PCS',
    20,
    50,
    [
      ['P110', '李娜', 20, 'Y'],
      ['P120', '李娜', 22, 'Y'],
    ],
  ],
  [
    '02020002',
    '铝合金法兰盘',
    'Aluminium flange',
    '6061-T6，CNC 加工，阳极氧化，Φ120×15mm',
    'PART',
    '0202',
    'PCS',
    18,
    100,
    [['P110', '李娜', 18, 'Y']],
  ],
  [
    '02030001',
    '内六角圆柱头螺钉 M6×20',
    'Hex socket head cap screw M6×20',
    'GB/T 70.1，12.9 级，发黑，100 个/盒',
    'PART',
    '0203',
    'BOX',
    7,
    10,
    [
      ['P110', '李娜', 7, 'N'],
      ['P120', '李娜', 7, 'N'],
    ],
  ],
  [
    '02030002',
    '六角螺母 M8',
    'Hex nut M8',
    'GB/T 6170，8 级，镀锌，100 个/盒',
    'PART',
    '0203',
    'BOX',
    7,
    10,
    [
      ['P110', '李娜', 7, 'N'],
      ['P120', '李娜', 7, 'N'],
    ],
  ],
  [
    '02030003',
    '平垫圈 M8',
    'Flat washer M8',
    'GB/T 97.1，200HV，镀锌',
    'PART',
    '0203',
    'KG',
    7,
    5,
    [['P110', '李娜', 7, 'N']],
  ],
  [
    '02040001',
    '球墨铸铁泵体',
    'Ductile iron pump body',
    'QT450-10，砂型铸造，粗加工',
    'PART',
    '0204',
    'PCS',
    35,
    50,
    [['P110', '李娜', 35, 'Y']],
  ],
  [
    '03010001',
    '五层瓦楞纸箱',
    'Five-ply corrugated carton',
    'BC 楞，600×400×400mm，双色印刷',
    'PACKAGING',
    '0301',
    'PCS',
    7,
    500,
    [
      ['P110', '王磊', 7, 'N'],
      ['P120', '王磊', 7, 'N'],
      ['P210', '王磊', 7, 'N'],
    ],
  ],
  [
    '03020001',
    '熏蒸木托盘',
    'Fumigated wooden pallet',
    '1200×1000×150mm，四面进叉，IPPC 熏蒸',
    'PACKAGING',
    '0302',
    'PCS',
    10,
    50,
    [
      ['P110', '王磊', 10, 'N'],
      ['P210', '王磊', 10, 'N'],
    ],
  ],
  [
    '03030001',
    'EPE 珍珠棉卷材',
    'EPE foam roll',
    '厚 10mm，宽 1000mm，密度 20kg/m³',
    'PACKAGING',
    '0303',
    'M',
    5,
    200,
    [['P210', '王磊', 5, 'N']],
  ],
  [
    '03030002',
    'PE 缠绕膜',
    'PE stretch film',
    '宽 500mm，厚 20μm，手用',
    'PACKAGING',
    '0303',
    'KG',
    5,
    50,
    [
      ['P110', '王磊', 5, 'N'],
      ['P210', '王磊', 5, 'N'],
    ],
  ],
  [
    '04010001',
    '防静电手套',
    'Anti-static gloves',
    'PU 涂掌，L 码',
    'MRO',
    '0401',
    'PR',
    5,
    100,
    [
      ['P210', '陈静', 5, 'N'],
      ['P120', '陈静', 5, 'N'],
    ],
  ],
  [
    '04010002',
    '安全防护眼镜',
    'Safety glasses',
    '防冲击，防雾，符合 GB 14866',
    'MRO',
    '0401',
    'PCS',
    5,
    20,
    [
      ['P110', '陈静', 5, 'N'],
      ['P210', '陈静', 5, 'N'],
    ],
  ],
  [
    '04020001',
    '导轨润滑油 68#',
    'Way lubricant ISO VG 68',
    '18L/桶',
    'MRO',
    '0402',
    'L',
    7,
    36,
    [['P110', '陈静', 7, 'N']],
  ],
  [
    '04030001',
    '硬质合金立铣刀 Φ10',
    'Carbide end mill Φ10',
    '4 刃，AlTiN 涂层，刃长 25mm',
    'MRO',
    '0403',
    'PCS',
    10,
    10,
    [['P110', '陈静', 10, 'N']],
  ],
  [
    '04030002',
    '数显游标卡尺 0-150mm',
    'Digital caliper 0–150 mm',
    '分辨率 0.01mm，带出厂校准证书',
    'MRO',
    '0403',
    'PCS',
    7,
    2,
    [
      ['P110', '陈静', 7, 'Y'],
      ['P120', '陈静', 7, 'Y'],
    ],
  ],
  [
    '05010001',
    '冷轧钢板 SPCC',
    'Cold-rolled steel sheet SPCC',
    '1.0×1250×2500mm',
    'RAW',
    '0501',
    'T',
    15,
    5,
    [['P110', '刘洋', 15, 'Y']],
  ],
  [
    '05020001',
    '铝合金棒 6061-T6',
    'Aluminium bar 6061-T6',
    'Φ50mm，定尺 3000mm',
    'RAW',
    '0502',
    'KG',
    12,
    500,
    [
      ['P110', '刘洋', 12, 'Y'],
      ['P120', '刘洋', 12, 'Y'],
    ],
  ],
  [
    '05030001',
    'ABS 塑胶粒子',
    'ABS resin pellets',
    '通用注塑级，本色，25kg/袋',
    'RAW',
    '0503',
    'KG',
    20,
    1000,
    [['P210', '刘洋', 20, 'Y']],
  ],
];

const items = defineSeed('base-data.items', async (ctx) => {
  for (const [
    itemCode,
    itemName,
    itemNameEn,
    specification,
    itemType,
    categoryCode,
    uomCode,
    leadTimeDays,
    minOrderQty,
    orgs,
  ] of ITEMS) {
    const lines: Row[] = [];
    for (const [plant, buyerName, leadTime, inspectionFlag] of orgs) {
      lines.push({ orgId: await orgId(ctx, plant), buyerName, leadTimeDays: leadTime, inspectionFlag });
    }
    await ctx.put(
      'srmBaseItem',
      { itemCode },
      {
        itemCode,
        itemName,
        itemNameEn,
        specification,
        itemType,
        categoryId: await ctx.idOf('srmBaseCategory', { categoryCode }),
        uomId: await ctx.idOf('srmBaseUom', { uomCode }),
        leadTimeDays,
        minOrderQty,
        orgs: lines,
      },
      { orgs: ['orgId'] },
    );
  }
});

// ------------------------------------------------------------------ payment terms

/** Node: [type, percent, days after the event, description]. */
type NodeSeed = readonly [string, number, number, string];
const PAYMENT_TERMS: readonly (readonly [string, string, string, string, readonly NodeSeed[]])[] = [
  [
    'NET30',
    '月结30天',
    'Net 30 days',
    '按月对账，开票后30天付清',
    [['INVOICE', 100, 30, '对账开票后30天付款']],
  ],
  [
    'NET60',
    '月结60天',
    'Net 60 days',
    '按月对账，开票后60天付清',
    [['INVOICE', 100, 60, '对账开票后60天付款']],
  ],
  [
    'INV45',
    '票到45天',
    '45 days after invoice',
    '收到合格发票后45天付款',
    [['INVOICE', 100, 45, '收票后45天付款']],
  ],
  [
    'PREPAY100',
    '款到发货',
    'Payment before shipment',
    '全额预付后供应商发货，适用于零星采购',
    [['ADVANCE', 100, 0, '下单后全额预付']],
  ],
  [
    'A30-D60-C10',
    '预付30%+到货60%+验收10%',
    '30% advance, 60% on delivery, 10% on acceptance',
    '常用于定制零部件采购',
    [
      ['ADVANCE', 30, 0, '合同签订后预付30%'],
      ['DELIVERY', 60, 30, '到货后30天支付60%'],
      ['ACCEPTANCE', 10, 30, '验收合格后30天支付尾款10%'],
    ],
  ],
  [
    'A30-C60-W10',
    '设备款：预付30%+验收60%+质保金10%',
    'Equipment: 30% advance, 60% on acceptance, 10% warranty retention',
    '适用于设备及工装采购，质保期一年',
    [
      ['ADVANCE', 30, 0, '合同签订后预付30%'],
      ['ACCEPTANCE', 60, 30, '安装验收合格后30天支付60%'],
      ['WARRANTY', 10, 365, '质保期满无质量问题后支付10%'],
    ],
  ],
];

const paymentTerms = defineSeed('base-data.payment-terms', async (ctx) => {
  for (const [termCode, termName, termNameEn, description, nodes] of PAYMENT_TERMS) {
    await ctx.put(
      'srmBasePaymentTerm',
      { termCode },
      {
        termCode,
        termName,
        termNameEn,
        description,
        nodes: nodes.map(([nodeType, percent, dueDays, nodeDescription], index) => ({
          nodeNum: index + 1,
          nodeType,
          percent,
          dueDays,
          description: nodeDescription,
        })),
      },
      { nodes: ['nodeNum'] },
    );
  }
});

// ------------------------------------------------------------------ districts

interface DistrictSeed {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
  readonly postalCode?: string;
  readonly children?: readonly DistrictSeed[];
}

const d = (
  code: string,
  name: string,
  nameEn: string,
  postalCode?: string,
  children?: DistrictSeed[],
): DistrictSeed => ({
  code,
  name,
  nameEn,
  ...(postalCode ? { postalCode } : {}),
  ...(children ? { children } : {}),
});

/** China's provincial-level divisions (GB/T 2260 codes), with cities of four of them. */
export const CHINA_DISTRICTS: readonly DistrictSeed[] = [
  d('110000', '北京市', 'Beijing', '100000'),
  d('120000', '天津市', 'Tianjin', '300000'),
  d('130000', '河北省', 'Hebei'),
  d('140000', '山西省', 'Shanxi'),
  d('150000', '内蒙古自治区', 'Inner Mongolia'),
  d('210000', '辽宁省', 'Liaoning'),
  d('220000', '吉林省', 'Jilin'),
  d('230000', '黑龙江省', 'Heilongjiang'),
  d('310000', '上海市', 'Shanghai', '200000', [
    d('310100', '上海市', 'Shanghai City', '200000', [
      d('310101', '黄浦区', 'Huangpu District'),
      d('310104', '徐汇区', 'Xuhui District'),
      d('310105', '长宁区', 'Changning District'),
      d('310112', '闵行区', 'Minhang District'),
      d('310114', '嘉定区', 'Jiading District'),
      d('310115', '浦东新区', 'Pudong New Area'),
      d('310117', '松江区', 'Songjiang District'),
      d('310118', '青浦区', 'Qingpu District'),
    ]),
  ]),
  d('320000', '江苏省', 'Jiangsu', undefined, [
    d('320100', '南京市', 'Nanjing', '210000'),
    d('320200', '无锡市', 'Wuxi', '214000'),
    d('320400', '常州市', 'Changzhou', '213000'),
    d('320500', '苏州市', 'Suzhou', '215000', [
      d('320505', '虎丘区', 'Huqiu District'),
      d('320506', '吴中区', 'Wuzhong District'),
      d('320507', '相城区', 'Xiangcheng District'),
      d('320508', '姑苏区', 'Gusu District'),
      d('320509', '吴江区', 'Wujiang District'),
      d('320581', '常熟市', 'Changshu'),
      d('320582', '张家港市', 'Zhangjiagang'),
      d('320583', '昆山市', 'Kunshan', '215300'),
      d('320585', '太仓市', 'Taicang'),
    ]),
    d('320600', '南通市', 'Nantong', '226000'),
  ]),
  d('330000', '浙江省', 'Zhejiang', undefined, [
    d('330100', '杭州市', 'Hangzhou', '310000'),
    d('330200', '宁波市', 'Ningbo', '315000', [
      d('330203', '海曙区', 'Haishu District'),
      d('330205', '江北区', 'Jiangbei District'),
      d('330206', '北仑区', 'Beilun District', '315800'),
      d('330211', '镇海区', 'Zhenhai District'),
      d('330212', '鄞州区', 'Yinzhou District'),
      d('330213', '奉化区', 'Fenghua District'),
      d('330281', '余姚市', 'Yuyao'),
      d('330282', '慈溪市', 'Cixi'),
    ]),
    d('330300', '温州市', 'Wenzhou', '325000'),
    d('330400', '嘉兴市', 'Jiaxing', '314000'),
    d('330600', '绍兴市', 'Shaoxing', '312000'),
  ]),
  d('340000', '安徽省', 'Anhui'),
  d('350000', '福建省', 'Fujian'),
  d('360000', '江西省', 'Jiangxi'),
  d('370000', '山东省', 'Shandong'),
  d('410000', '河南省', 'Henan'),
  d('420000', '湖北省', 'Hubei'),
  d('430000', '湖南省', 'Hunan'),
  d('440000', '广东省', 'Guangdong', undefined, [
    d('440100', '广州市', 'Guangzhou', '510000'),
    d('440300', '深圳市', 'Shenzhen', '518000'),
    d('440600', '佛山市', 'Foshan', '528000'),
    d('441900', '东莞市', 'Dongguan', '523000'),
  ]),
  d('450000', '广西壮族自治区', 'Guangxi'),
  d('460000', '海南省', 'Hainan'),
  d('500000', '重庆市', 'Chongqing', '400000'),
  d('510000', '四川省', 'Sichuan'),
  d('520000', '贵州省', 'Guizhou'),
  d('530000', '云南省', 'Yunnan'),
  d('540000', '西藏自治区', 'Xizang'),
  d('610000', '陕西省', 'Shaanxi'),
  d('620000', '甘肃省', 'Gansu'),
  d('630000', '青海省', 'Qinghai'),
  d('640000', '宁夏回族自治区', 'Ningxia'),
  d('650000', '新疆维吾尔自治区', 'Xinjiang'),
  d('710000', '台湾省', 'Taiwan'),
  d('810000', '香港特别行政区', 'Hong Kong SAR'),
  d('820000', '澳门特别行政区', 'Macao SAR'),
];

const districts = defineSeed('base-data.districts', async (ctx) => {
  const ids: number[] = [];
  for (const node of flattenUpload(CHINA_DISTRICTS)) {
    const row: Row = {
      districtCode: node.code,
      districtName: node.name,
      districtNameEn: node.nameEn ?? null,
      countryCode: 'CN',
      levelNum: node.level,
      parentDistrictId: node.parent === null ? null : ids[node.parent]!,
      postalCode: node.postalCode ?? null,
    };
    ids.push(await ctx.put('srmBaseDistrict', { districtCode: node.code }, row));
  }
});

// ------------------------------------------------------------------ storage locations

/** [plant, code, name, type, address]. */
const LOCATIONS = [
  ['P110', 'RM01', '原材料库', 'RAW', '吴中工厂 1 号仓库'],
  ['P110', 'QC01', '来料待检区', 'QUARANTINE', '吴中工厂 1 号仓库东侧'],
  ['P110', 'FG01', '成品库', 'FINISHED', '吴中工厂 3 号仓库'],
  ['P110', 'MRO1', '备品备件库', 'MRO', '吴中工厂设备部二楼'],
  ['P120', 'RM01', '原材料库', 'RAW', '昆山工厂物流中心 A 区'],
  ['P120', 'SF01', '半成品库', 'SEMI', '昆山工厂 2 号厂房'],
  ['P120', 'FG01', '成品库', 'FINISHED', '昆山工厂物流中心 C 区'],
  ['P120', 'RT01', '退货库', 'RETURN', '昆山工厂物流中心 D 区'],
  ['P210', 'RM01', '电子元器件仓', 'RAW', '北仑工厂 1 号楼一层（防静电仓）'],
  ['P210', 'QC01', 'IQC 待检区', 'QUARANTINE', '北仑工厂 1 号楼一层'],
  ['P210', 'FG01', '成品库', 'FINISHED', '北仑工厂 2 号仓库'],
] as const;

const storageLocations = defineSeed('base-data.storage-locations', async (ctx) => {
  for (const [plant, locationCode, locationName, locationType, address] of LOCATIONS) {
    const key = { orgId: await orgId(ctx, plant), locationCode };
    await ctx.put('srmBaseStorageLocation', key, { ...key, locationName, locationType, address });
  }
});

// ------------------------------------------------------------------ delivery information

/** [plant, receiver, phone, district code, address, postal code, default]. */
const DELIVERY = [
  [
    'P110',
    '张建国',
    '13862015678',
    '320506',
    '江苏省苏州市吴中区郭巷街道尹山湖路168号 1号仓库收货处',
    '215124',
    'Y',
  ],
  [
    'P110',
    '孙丽',
    '0512-65881234',
    '320506',
    '江苏省苏州市吴中区郭巷街道尹山湖路168号 设备部',
    '215124',
    'N',
  ],
  [
    'P120',
    '周海涛',
    '13915021234',
    '320583',
    '江苏省昆山市玉山镇元丰路232号 物流中心收货平台',
    '215300',
    'Y',
  ],
  [
    'P210',
    '吴晓东',
    '13857412345',
    '330206',
    '浙江省宁波市北仑区大碶街道庐山东路99号 1号楼电子元器件仓',
    '315800',
    'Y',
  ],
  [
    'P210',
    '郑芳',
    '0574-86881234',
    '330206',
    '浙江省宁波市北仑区大碶街道庐山东路99号 2号仓库',
    '315800',
    'N',
  ],
] as const;

const deliveryInfo = defineSeed('base-data.delivery-info', async (ctx) => {
  for (const [
    plant,
    receiverName,
    receiverPhone,
    districtCode,
    detailAddress,
    postalCode,
    defaultFlag,
  ] of DELIVERY) {
    const key = { orgId: await orgId(ctx, plant), detailAddress };
    await ctx.put('srmBaseDeliveryInfo', key, {
      ...key,
      receiverName,
      receiverPhone,
      districtId: await ctx.idOf('srmBaseDistrict', { districtCode }),
      postalCode,
      defaultFlag,
    });
  }
});

// ------------------------------------------------------------------ business configuration

/** [code, name, value, type, organisation (null: company-wide), description]. */
const PROFILES = [
  ['DELIVERY_TOLERANCE_PERCENT', '交货数量允差（%）', '5', 'NUMBER', null, '送货数量超出订单数量的允许比例'],
  [
    'DELIVERY_TOLERANCE_PERCENT',
    '交货数量允差（%）',
    '3',
    'NUMBER',
    'P120',
    '昆山工厂库位紧张，允差收紧为 3%',
  ],
  ['PO_AUTO_NUMBER', '采购订单自动编号', 'Y', 'FLAG', null, '保存采购订单时由系统自动生成订单号'],
  ['PO_NUMBER_PREFIX', '采购订单编号前缀', 'PO', 'TEXT', null, '自动编号时订单号的前缀'],
  ['PO_APPROVAL_REQUIRED', '采购订单需审批', 'Y', 'FLAG', null, '采购订单提交后须经审批方可发布给供应商'],
  ['ASN_REQUIRED', '送货前须创建送货单', 'Y', 'FLAG', null, '供应商送货前必须在平台创建送货单'],
  ['DEFAULT_CURRENCY', '默认币种', 'CNY', 'TEXT', null, '新建单据时默认带出的币种'],
  ['DEFAULT_TAX_RATE', '默认税率（%）', '13', 'NUMBER', null, '新建采购订单行时默认带出的增值税税率'],
  [
    'PRICE_CHANGE_THRESHOLD_PERCENT',
    '价格变动预警阈值（%）',
    '5',
    'NUMBER',
    null,
    '协议价格变动超过该比例时提示',
  ],
  ['SUPPLIER_SELF_REGISTRATION', '允许供应商自助注册', 'Y', 'FLAG', null, '供应商可在登录页自行注册'],
  ['FISCAL_YEAR_START', '会计年度起始日', '2025-01-01', 'DATE', null, '报表按会计年度统计的起始日期'],
  [
    'IQC_SAMPLING_STANDARD',
    '来料抽检标准',
    'GB/T 2828.1-2012 一般检验水平 II',
    'TEXT',
    'P210',
    '北仑工厂电子料来料检验抽样方案',
  ],
] as const;

const configProfiles = defineSeed('base-data.config-profiles', async (ctx) => {
  for (const [profileCode, profileName, profileValue, valueType, plant, description] of PROFILES) {
    const key = { profileCode, orgId: plant ? await orgId(ctx, plant) : null };
    await ctx.put('srmBaseConfigProfile', key, {
      ...key,
      profileName,
      profileValue,
      valueType,
      description,
    });
  }
});

/** In order: later seeds refer to rows of earlier ones. */
export const baseDataSeedList = [
  lookups,
  currencies,
  units,
  organisations,
  categories,
  items,
  paymentTerms,
  districts,
  storageLocations,
  deliveryInfo,
  configProfiles,
];
