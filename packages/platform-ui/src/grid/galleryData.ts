// Sample rows of the grid gallery: purchase-order lines in the user's language, and wide
// generated tables for the virtual-scrolling demonstration and the benchmark.
import type { Locale } from '@srm/kernel';
import type { GridRow } from './types';

const ITEMS: Record<Locale, readonly string[]> = {
  'zh-CN': [
    '不锈钢螺栓 M8×30',
    '铝合金型材 6063',
    '冷轧钢板 1.2mm',
    '橡胶密封圈 Φ50',
    '电源适配器 12V',
    '包装纸箱 五层',
    '轴承 6204-2RS',
    '铜排 TMY-40×4',
  ],
  en: [
    'Stainless bolt M8×30',
    'Aluminium profile 6063',
    'Cold-rolled sheet 1.2 mm',
    'Rubber seal Φ50',
    'Power adapter 12 V',
    'Carton, five-ply',
    'Bearing 6204-2RS',
    'Copper busbar 40×4',
  ],
};
const SUPPLIERS: Record<Locale, readonly string[]> = {
  'zh-CN': [
    '苏州恒达精密五金有限公司',
    '宁波海天塑料制品有限公司',
    '无锡华光电子有限公司',
    '上海联合包装材料有限公司',
  ],
  en: [
    'Suzhou Hengda Precision Hardware',
    'Ningbo Haitian Plastics',
    'Wuxi Huaguang Electronics',
    'Shanghai United Packaging',
  ],
};

export function gallerySuppliers(locale: Locale): { code: string; name: string }[] {
  return SUPPLIERS[locale].map((name, index) => ({ code: `S${String(1001 + index)}`, name }));
}

/** Order lines showing every cell type. */
export function galleryLines(locale: Locale): GridRow[] {
  const suppliers = gallerySuppliers(locale);
  return ITEMS[locale].map((itemName, index) => {
    const supplier = suppliers[index % suppliers.length]!;
    return {
      id: index + 1,
      itemCode: `MAT-${String(10001 + index)}`,
      itemName,
      remark: index % 3 === 0 ? (locale === 'en' ? 'Deliver in batches' : '分批交货') : '',
      quantity: [120, 35.5, 800, 12, 60, 1500, 24, 9][index],
      unit: ['PCS', 'KG', 'M', 'PCS', 'PCS', 'PCS', 'SET', 'KG'][index],
      price: [1.25, 38.6, 4.1234, 2.5, 86, 3.2, 15.75, 128][index],
      taxRate: [13, 13, 9, 13, 6, 13, 13, 9][index],
      amount: null,
      country: index % 2 ? 'CN' : null,
      supplierCode: supplier.code,
      supplierName: supplier.name,
      needDate: `2026-12-${String(1 + index * 3).padStart(2, '0')}`,
      validRange: ['2026-12-01', '2027-11-30'],
      createdAt: 1795300000000 + index * 3_600_000,
      window: [1795300000000, 1795386400000 + index * 3_600_000],
      year: 2026 + (index % 2),
      month: `2026-${String(1 + index).padStart(2, '0')}`,
      time: `0${8 + (index % 2)}:30:00`,
      urgent: index % 3 === 0 ? 'Y' : 'N',
      inspected: index % 2 === 0 ? 'Y' : 'N',
      progress: [100, 60, 30, 0, 80, 100, 45, 10][index],
      attachmentIds: null,
      note: '',
      orderNumber: `PO2026110${String(index + 1).padStart(2, '0')}`,
      status: ['APPROVED', 'SUBMITTED', 'NEW', 'REJECTED'][index % 4],
      warehouse: index % 2 ? 'WH01' : 'WH02',
      deliveryPlace: locale === 'en' ? ['Plant 1', 'Plant 2'][index % 2] : ['一厂', '二厂'][index % 2],
    };
  });
}

/** `count` rows of `columns` generated columns (c0 text, then numbers, dates and codes). */
export function wideRows(count: number, columns: number): GridRow[] {
  const rows: GridRow[] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const row: GridRow = { id: index + 1 };
    for (let column = 0; column < columns; column += 1) {
      const kind = column % 4;
      row[`c${column}`] =
        kind === 0
          ? `R${index + 1}-C${column}`
          : kind === 1
            ? ((index * 7 + column * 13) % 10000) / 100
            : kind === 2
              ? `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((column % 28) + 1).padStart(2, '0')}`
              : `CODE${(index + column) % 97}`;
    }
    rows[index] = row;
  }
  return rows;
}

/** A paged service over generated rows (the gallery's paged grid and its tests). */
export function pagedSample(total: number, locale: Locale) {
  const items = ITEMS[locale];
  const suppliers = SUPPLIERS[locale];
  const rows: GridRow[] = Array.from({ length: total }, (_, index) => ({
    id: index + 1,
    docNumber: `PR2026${String(index + 1).padStart(5, '0')}`,
    itemName: items[index % items.length],
    supplierName: suppliers[index % suppliers.length],
    quantity: (index % 50) + 1,
    amount: ((index * 3719) % 1000000) / 100,
    score: 60 + (index % 41),
    status: ['APPROVED', 'SUBMITTED', 'NEW'][index % 3],
  }));
  return rows;
}
