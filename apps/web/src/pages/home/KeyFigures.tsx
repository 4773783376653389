// The supplier statistics of the internal home, only real ones: counts the list endpoints answer
// for the entities the user may read (suppliers by status, registrations by status, materials by
// type), as figures and charts. A figure the user may not read is not shown at all. Some twenty
// calls: the home loads this module only when its collapsed section is opened.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import type { EntityDef, LookupField } from '@srm/kernel';
import { item } from '@srm/domain/base-data';
import { supplierInfo, supplierRegister } from '@srm/domain/supplier';
import { ChartBox, useGranted, useLabels, useLookupOptions } from '@srm/platform-ui';
import { apiCall } from '../../api';

interface Bucket {
  code: string;
  label: string;
  count: number;
}

/** How many rows of an entity match the filters (the page count of a one-row page). */
async function countRows(entity: EntityDef, filters: Record<string, unknown> = {}): Promise<number> {
  const answer = await apiCall<unknown[]>(`${entity.apiPath}/listByPage`, {
    ...filters,
    pageIndex: 1,
    pageRows: 1,
  });
  return answer.page?.count ?? answer.data.length;
}

function useCounts(entity: EntityDef, field: string, codes: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: ['entity', entity.name, 'homeFigures', field, codes],
    queryFn: async () => {
      const [total, ...counts] = await Promise.all([
        countRows(entity),
        ...codes.map((code) => countRows(entity, { [field]: code })),
      ]);
      return { total: total!, byCode: new Map(codes.map((code, index) => [code, counts[index]!])) };
    },
    enabled: enabled && codes.length > 0,
    staleTime: 60_000,
  });
}

function codesOf(entity: EntityDef, field: string): readonly string[] {
  return (entity.fields[field] as LookupField | undefined)?.codes ?? [];
}

const PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#eb2f96', '#2f54eb'];

function pie(buckets: Bucket[]): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, icon: 'circle', itemWidth: 8, itemHeight: 8 },
    series: [
      {
        type: 'pie',
        radius: ['42%', '66%'],
        center: ['50%', '44%'],
        label: { formatter: '{b}\n{c}' },
        data: buckets
          .filter((bucket) => bucket.count > 0)
          .map((bucket) => ({ name: bucket.label, value: bucket.count })),
      },
    ],
  };
}

/** Horizontal bars: category names of any length stay readable. */
function bars(buckets: Bucket[]): EChartsCoreOption {
  const shown = [...buckets].reverse();
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    yAxis: {
      type: 'category',
      data: shown.map((bucket) => bucket.label),
      axisTick: { show: false },
      axisLabel: { width: 110, overflow: 'truncate' },
    },
    xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 18,
        label: { show: true, position: 'right' },
        itemStyle: { borderRadius: [0, 3, 3, 0] },
        data: shown.map((bucket) => bucket.count),
      },
    ],
  };
}

interface ChartCardProps {
  title: string;
  loading: boolean;
  /** Nothing counted: an empty state instead of empty axes. */
  empty: boolean;
  option: EChartsCoreOption;
}

function ChartCard({ title, loading, empty, option }: ChartCardProps) {
  const { t } = useTranslation();
  let content = <ChartBox option={option} label={title} height={240} />;
  if (loading) content = <Skeleton active />;
  else if (empty)
    content = (
      <div style={{ height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.charts.empty')} />
      </div>
    );
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {content}
    </Card>
  );
}

export function KeyFigures() {
  const { t } = useTranslation();
  const labels = useLabels();
  const may = useGranted();
  const readsSuppliers = may(`${supplierInfo.name}.view`);
  const readsRegistrations = may(`${supplierRegister.name}.view`);
  const readsItems = may(`${item.name}.view`);
  const itemTypeField = item.fields.itemType as LookupField;
  const itemTypes = useLookupOptions(itemTypeField);
  const itemTypeCodes = useMemo(() => itemTypes.options.map((option) => option.value), [itemTypes.options]);

  const suppliers = useCounts(supplierInfo, 'status', codesOf(supplierInfo, 'status'), readsSuppliers);
  const registrations = useCounts(
    supplierRegister,
    'status',
    supplierRegister.workflow!.states,
    readsRegistrations,
  );
  const items = useCounts(item, 'itemType', itemTypeCodes, readsItems);

  const buckets = (
    counts: { byCode: Map<string, number> } | undefined,
    label: (code: string) => string,
  ): Bucket[] => [...(counts?.byCode ?? [])].map(([code, count]) => ({ code, label: label(code), count }));

  const figures = [
    readsSuppliers && {
      key: 'suppliers',
      title: t('home.figures.suppliers'),
      value: suppliers.data?.total,
      loading: suppliers.isLoading,
    },
    readsSuppliers && {
      key: 'qualified',
      title: t('home.figures.qualified'),
      value: suppliers.data?.byCode.get('QUALIFIED'),
      loading: suppliers.isLoading,
    },
    readsRegistrations && {
      key: 'pendingRegistrations',
      title: t('home.figures.pendingRegistrations'),
      value: registrations.data?.byCode.get('SUBMITTED'),
      loading: registrations.isLoading,
    },
    readsItems && {
      key: 'items',
      title: t('home.figures.items'),
      value: items.data?.total,
      loading: items.isLoading,
    },
  ].filter((figure): figure is Exclude<typeof figure, false> => !!figure);

  const charts = [
    readsSuppliers && (
      <ChartCard
        key="suppliers"
        title={t('home.charts.suppliersByStatus')}
        loading={suppliers.isLoading}
        empty={!suppliers.data?.total}
        option={pie(buckets(suppliers.data, (code) => labels.code('SRM_SUPPLIER_STATUS', code)))}
      />
    ),
    readsRegistrations && (
      <ChartCard
        key="registrations"
        title={t('home.charts.registrationsByStatus')}
        loading={registrations.isLoading}
        empty={!registrations.data?.total}
        option={bars(buckets(registrations.data, (code) => labels.code('DOC_STATUS', code)))}
      />
    ),
    readsItems && (
      <ChartCard
        key="items"
        title={t('home.charts.itemsByType')}
        loading={items.isLoading || itemTypes.loading}
        empty={!items.data?.total}
        option={bars(buckets(items.data, itemTypes.label))}
      />
    ),
  ].filter(Boolean);

  if (!figures.length) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Row gutter={[12, 12]} data-testid="key-figures">
        {figures.map((figure) => (
          <Col key={figure.key} xs={12} lg={6}>
            <Card size="small">
              <Statistic title={figure.title} value={figure.value ?? 0} loading={figure.loading} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        {charts.map((chart, index) => (
          <Col key={index} xs={24} lg={24 / Math.min(charts.length, 3)}>
            {chart}
          </Col>
        ))}
      </Row>
    </div>
  );
}
