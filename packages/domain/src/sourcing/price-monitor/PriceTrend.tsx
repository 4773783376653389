// 价格趋势 on a price monitoring row: the material's awarded prices over time (every award, every
// supplier), beside each event's lowest offer and target and the last order price then, without
// tax; the points listed below the chart with their award and supplier.
import { useQuery } from '@tanstack/react-query';
import { Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MODAL_Z_INDEX, formatNumber } from '@srm/kernel';
import { ChartBox, request, useApi, useLabels } from '@srm/platform-ui';
import type { TrendPoint } from './price-monitor.entity';

type Row = Readonly<Record<string, unknown>>;

const SERIES = ['awardedPrice', 'lowestPrice', 'targetPrice', 'lastOrderPrice'] as const;

export default function PriceTrend({ row, onClose }: { row: Row; onClose(): void }) {
  const api = useApi();
  const labels = useLabels();
  const t = (key: string) => labels.t(`srmPriceMonitor.trend.${key}`);
  const trend = useQuery({
    queryKey: ['entity', 'srmPriceMonitor', 'trend', row.itemId, row.orgId],
    queryFn: async () =>
      (
        await request<{ points: TrendPoint[] }>(api, '/api/srm/v1/srmPriceMonitorRestful/trend', {
          itemId: row.itemId,
          orgId: row.orgId,
        })
      ).data.points,
  });
  const points = trend.data ?? [];
  const price = (value: number | null) =>
    value === null ? '' : formatNumber(value, 6).replace(/(\.\d\d\d*?)0+$/, '$1');
  const option = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: SERIES.map((name) => t(name)) },
    grid: { left: 64, right: 24, top: 36, bottom: 56 },
    xAxis: {
      type: 'category',
      data: points.map((point) => `${point.awardedDate ?? ''}\n${point.supplierName}`),
      axisLabel: { fontSize: 11 },
    },
    yAxis: { type: 'value', scale: true },
    series: SERIES.map((name) => ({
      name: t(name),
      type: 'line',
      connectNulls: true,
      // The awarded price is what the chart is about; the others are its yardsticks.
      lineStyle: name === 'awardedPrice' ? { width: 3 } : { width: 1, type: 'dashed' },
      data: points.map((point) => point[name]),
    })),
  };
  const columns: ColumnsType<TrendPoint> = [
    { key: 'date', title: t('awardedDate'), dataIndex: 'awardedDate', width: 110 },
    { key: 'source', title: t('sourceNum'), dataIndex: 'sourceNum', width: 150 },
    { key: 'supplier', title: t('supplierName'), dataIndex: 'supplierName' },
    {
      key: 'percent',
      title: t('awardPercent'),
      width: 90,
      align: 'right',
      render: (_, point) => (point.awardPercent === null ? '' : `${point.awardPercent}%`),
    },
    ...SERIES.map((name) => ({
      key: name,
      title: t(name),
      width: 120,
      align: 'right' as const,
      render: (_: unknown, point: TrendPoint) => price(point[name]),
    })),
  ];
  return (
    <Modal
      open
      width={1100}
      zIndex={MODAL_Z_INDEX}
      title={`${t('title')}：${String(row.itemName ?? '')}`}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('note')}</Typography.Paragraph>
      {points.length > 0 && <ChartBox option={option} height={300} label={t('title')} />}
      <Table<TrendPoint>
        size="small"
        rowKey={(point) => `${point.sourceNum ?? ''}:${point.supplierName}:${point.awardedDate ?? ''}`}
        loading={trend.isLoading}
        columns={columns}
        dataSource={points}
        pagination={false}
        scroll={{ y: 240 }}
      />
    </Modal>
  );
}
