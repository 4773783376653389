// The filters and charts shared by settlement's reports: the account's filters; the charts: amounts of one currency stacked per supplier (the ten with
// most) or per month (oldest first). Amounts come as decimal strings and are added exactly.
import type { EChartsCoreOption } from 'echarts/core';
import { type Decimal, dec, ref } from '@srm/kernel';
import type { ReportFilter } from '@srm/platform-ui';

/** The filters of a supplier account every settlement report starts with. */
export const ACCOUNT_FILTERS: readonly ReportFilter[] = [
  { name: 'orgId', kind: 'ref', field: ref('srmBaseOrg', { display: 'orgName' }) },
  { name: 'supplierId', kind: 'ref', field: ref('srmSupplierInfo', { display: 'supplierName' }) },
  { name: 'currencyId', kind: 'ref', field: ref('srmBaseCurrency', { display: 'currencyCode' }) },
];

export interface Series<R> {
  readonly key: keyof R & string;
  readonly color: string;
}

type Label = (key: string) => string;

/** Each group's sum of each series, in the order `order` gives the groups. */
function stacked<R>(
  rows: readonly R[],
  series: readonly Series<R>[],
  groupOf: (row: R) => string,
): Map<string, Decimal[]> {
  const groups = new Map<string, Decimal[]>();
  for (const row of rows) {
    const group = groupOf(row);
    const sums = groups.get(group) ?? series.map(() => dec(0));
    series.forEach((one, index) => {
      const value = row[one.key];
      sums[index] = sums[index]!.add(dec(value === null || value === undefined ? 0 : String(value)));
    });
    groups.set(group, sums);
  }
  return groups;
}

function option<R>(
  categories: readonly string[],
  sums: readonly Decimal[][],
  series: readonly Series<R>[],
  t: Label,
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: series.map((one) => t(one.key)) },
    grid: { left: 80, right: 24, top: 36, bottom: 40 },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { fontSize: 11, interval: 0, overflow: 'truncate', width: 110 },
    },
    yAxis: { type: 'value' },
    series: series.map((one, index) => ({
      name: t(one.key),
      type: 'bar',
      stack: 'total',
      itemStyle: { color: one.color },
      data: sums.map((group) => group[index]!.toNumber()),
    })),
  };
}

/** The ten suppliers with the largest sum of the series, stacked. */
export function topSuppliers<R extends { supplierName: string | null }>(
  rows: readonly R[],
  series: readonly Series<R>[],
  t: Label,
): EChartsCoreOption | null {
  const groups = [...stacked(rows, series, (row) => row.supplierName ?? '').entries()]
    .map(([name, sums]) => ({ name, sums, total: sums.reduce((a, b) => a.add(b), dec(0)) }))
    .sort((a, b) => b.total.comparedTo(a.total))
    .slice(0, 10);
  if (!groups.length) return null;
  return option(
    groups.map((group) => group.name),
    groups.map((group) => group.sums),
    series,
    t,
  );
}

/** Each month's sums, oldest first. */
export function byMonth<R extends { month: string }>(
  rows: readonly R[],
  series: readonly Series<R>[],
  t: Label,
): EChartsCoreOption | null {
  const groups = [...stacked(rows, series, (row) => row.month).entries()].sort((a, b) =>
    a[0].localeCompare(b[0]),
  );
  if (!groups.length) return null;
  return option(
    groups.map(([month]) => month),
    groups.map(([, sums]) => sums),
    series,
    t,
  );
}
