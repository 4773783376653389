// 竞价明细 (auctionDetailReport): the auction detail report across opened auctions, buyer side. The
// filters on top (auction number, organisation, supplier, material, the days the auctions ended),
// 查询 / 重置; then one row per auction, material (or lot) and bidder: bids, first and final price,
// rank, the drop from the start price in percent and in money, the share of the approved award.
// Totals of the rows below; the number of auctions read, and a note where the filters should narrow.
import { type ReactNode, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExportOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Input, Row as GridRow, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type RefField, formatDateTime, formatNumber, ref } from '@srm/kernel';
import {
  ApiFailure,
  DateInput,
  RefSelect,
  request,
  useApi,
  useLabels,
  useReportExport,
  useSession,
} from '@srm/platform-ui';
import type { AuctionReportRow } from './auction.report';

const PATH = '/api/srm/v1/srmAuctionRestful/detailReport';
const K = 'srmAuction.report';
const PAGE_ROWS = 20;
/** The sheet's columns (the endpoint's `sheet`), in the grid's order. */
const SHEET_COLUMNS = [
  'auctionNum',
  'itemName',
  'supplierName',
  'quantity',
  'startPrice',
  'finalPrice',
  'rank',
  'dropPercent',
  'savingAmount',
  'awardPercent',
  'bidCount',
  'refusedCount',
  'firstPrice',
  'lastBidTime',
  'currencyCode',
  'orgName',
  'auctionMode',
  'endDate',
  'status',
] as const;

type Filters = Partial<
  Record<'auctionNum' | 'orgId' | 'supplierId' | 'itemId' | 'endFrom' | 'endTo', unknown>
>;

const pickers: readonly { name: 'orgId' | 'supplierId' | 'itemId'; field: RefField }[] = [
  { name: 'orgId', field: ref('srmBaseOrg', { display: 'orgName' }) },
  { name: 'supplierId', field: ref('srmSupplierInfo', { display: 'supplierName' }) },
  { name: 'itemId', field: ref('srmBaseItem', { display: 'itemName' }) },
];

/** A decimal string with thousands separators, its own places kept (prices keep their digits). */
function priceText(value: string | null): string {
  if (value === null) return '—';
  const [whole = '', fraction] = value.split('.');
  const grouped = formatNumber(Number(whole), 0);
  return fraction ? `${grouped}.${fraction}` : grouped;
}

export default function AuctionDetailReport() {
  const api = useApi();
  const labels = useLabels();
  const { timeZone } = useSession();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const { exporting, exportRows } = useReportExport(PATH);
  const t = (key: string, params?: Record<string, string | number>) => labels.t(`${K}.${key}`, params);
  /** The applied filters that hold a value. */
  const given = () =>
    Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== ''),
    );
  const report = useQuery({
    queryKey: ['entity', 'srmAuction', 'detailReport', filters],
    queryFn: async () =>
      (await request<{ rows: AuctionReportRow[]; auctions: number; truncated: boolean }>(api, PATH, given()))
        .data,
  });
  const rows = report.data?.rows ?? [];
  const search = () => {
    setFilters(draft);
    setPage(1);
  };
  const moment = (value: number | null) => (value === null ? '—' : formatDateTime(value, timeZone));
  const amount = (value: number | null) => (value === null ? '—' : formatNumber(value, 2));
  const right = { align: 'right' as const };
  const columns: ColumnsType<AuctionReportRow> = [
    {
      title: t('auctionNum'),
      dataIndex: 'auctionNum',
      width: 150,
      fixed: 'left',
      render: (value: string | null, row) => (
        <>
          <div>{value}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: row.title }}>
            {row.title}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('material'),
      key: 'material',
      width: 170,
      fixed: 'left',
      render: (_value, row) =>
        row.lineNum === null ? (
          <Tag>{t('lot')}</Tag>
        ) : (
          <Typography.Text
            ellipsis={{ tooltip: row.itemName }}
          >{`${row.lineNum}. ${row.itemName ?? ''}`}</Typography.Text>
        ),
    },
    {
      title: t('supplier'),
      dataIndex: 'supplierName',
      width: 190,
      fixed: 'left',
      ellipsis: true,
    },
    {
      title: t('quantity'),
      dataIndex: 'quantity',
      width: 100,
      ...right,
      render: (value: number | null) => (value === null ? '—' : formatNumber(value, 4).replace(/\.?0+$/, '')),
    },
    { title: t('startPrice'), dataIndex: 'startPrice', width: 110, ...right, render: priceText },
    {
      title: t('finalPrice'),
      dataIndex: 'finalPrice',
      width: 110,
      ...right,
      render: (value: string | null, row) => (
        <Typography.Text strong={row.rank === 1}>{priceText(value)}</Typography.Text>
      ),
    },
    {
      title: t('rank'),
      dataIndex: 'rank',
      width: 64,
      ...right,
      render: (value: number | null) =>
        value === 1 ? (
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            1
          </Tag>
        ) : (
          (value ?? '—')
        ),
    },
    {
      title: t('dropPercent'),
      dataIndex: 'dropPercent',
      width: 90,
      ...right,
      render: (value: number | null) => (value === null ? '—' : `${formatNumber(value, 2)}%`),
    },
    { title: t('savingAmount'), dataIndex: 'savingAmount', width: 120, ...right, render: amount },
    {
      title: t('awardPercent'),
      dataIndex: 'awardPercent',
      width: 90,
      ...right,
      render: (value: number | null) =>
        value === null ? '—' : `${formatNumber(value, 2).replace(/\.00$/, '')}%`,
    },
    { title: t('bidCount'), dataIndex: 'bidCount', width: 80, ...right },
    { title: t('refusedCount'), dataIndex: 'refusedCount', width: 80, ...right },
    { title: t('firstPrice'), dataIndex: 'firstPrice', width: 110, ...right, render: priceText },
    { title: t('lastBidTime'), dataIndex: 'lastBidTime', width: 160, render: moment },
    { title: t('currency'), dataIndex: 'currencyCode', width: 70 },
    { title: t('org'), dataIndex: 'orgName', width: 150, ellipsis: true },
    {
      title: t('mode'),
      key: 'mode',
      width: 110,
      render: (_value, row) =>
        [
          labels.code('SRC_AUCTION_MODE', row.auctionMode ?? ''),
          labels.code('SRC_BID_BASIS', row.bidBasis ?? ''),
        ]
          .filter(Boolean)
          .join(' · '),
    },
    { title: t('endDate'), dataIndex: 'endDate', width: 160, render: moment },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 100,
      render: (value: string) => labels.code('SRC_AUCTION_STATUS', value),
    },
  ];
  const width = columns.reduce((sum, column) => sum + Number(column.width ?? 100), 0);
  const saved = rows
    .filter((row) => (row.awardPercent ?? 0) > 0 && row.savingAmount !== null)
    .reduce((sum, row) => sum + (row.savingAmount! * (row.awardPercent ?? 0)) / 100, 0);

  const filterItem = (label: string, control: ReactNode) => (
    <Col span={6}>
      <Flex align="center" gap={8}>
        <Typography.Text style={{ width: 84, textAlign: 'right', flex: 'none' }}>{label}</Typography.Text>
        <div style={{ flex: 1, minWidth: 0 }}>{control}</div>
      </Flex>
    </Col>
  );

  return (
    <Flex vertical gap={12} data-testid="auction-detail-report">
      <Card size="small">
        <GridRow gutter={[16, 12]}>
          {filterItem(
            t('auctionNum'),
            <Input
              allowClear
              placeholder={labels.t('ui.placeholder.input')}
              value={typeof draft.auctionNum === 'string' ? draft.auctionNum : ''}
              onChange={(event) => setDraft((now) => ({ ...now, auctionNum: event.target.value }))}
              onPressEnter={search}
            />,
          )}
          {pickers.map(({ name, field }) =>
            filterItem(
              t(name),
              <RefSelect
                key={name}
                field={field}
                row={{}}
                value={draft[name] ?? null}
                onChange={(next) => setDraft((now) => ({ ...now, [name]: next }))}
              />,
            ),
          )}
          {filterItem(
            t('endFrom'),
            <DateInput
              kind="date"
              value={draft.endFrom ?? null}
              onChange={(next) => setDraft((now) => ({ ...now, endFrom: next }))}
            />,
          )}
          {filterItem(
            t('endTo'),
            <DateInput
              kind="date"
              value={draft.endTo ?? null}
              onChange={(next) => setDraft((now) => ({ ...now, endTo: next }))}
            />,
          )}
          <Col span={12}>
            <Flex justify="flex-end" gap={8}>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  setDraft({});
                  setFilters({});
                  setPage(1);
                }}
              >
                {labels.t('ui.list.reset')}
              </Button>
              <Button type="primary" icon={<SearchOutlined />} onClick={search}>
                {labels.t('ui.list.search')}
              </Button>
            </Flex>
          </Col>
        </GridRow>
      </Card>
      <Card size="small">
        {report.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 8 }}
            title={report.error instanceof ApiFailure ? report.error.message : String(report.error)}
          />
        )}
        {report.data?.truncated && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={t('truncated', { count: report.data.auctions })}
          />
        )}
        <Flex gap={24} style={{ marginBottom: 8 }} wrap>
          <Typography.Text type="secondary">
            {t('summary', { auctions: report.data?.auctions ?? 0, rows: rows.length })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('awardedSaving', { amount: formatNumber(saved, 2) })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('openedOnly')}</Typography.Text>
          <Button
            size="small"
            icon={<ExportOutlined />}
            loading={exporting}
            disabled={!rows.length}
            style={{ marginInlineStart: 'auto' }}
            onClick={() =>
              void exportRows(
                given(),
                SHEET_COLUMNS.map((key) => ({ key, title: t(key) })),
                labels.t('srmAuction.report.title'),
              )
            }
          >
            {labels.t('ui.excel.export')}
          </Button>
        </Flex>
        <Table<AuctionReportRow>
          size="small"
          bordered
          rowKey="key"
          loading={report.isFetching}
          columns={columns}
          dataSource={rows}
          scroll={{ x: width, y: 'calc(100vh - 420px)' }}
          pagination={{
            current: page,
            pageSize: PAGE_ROWS,
            showSizeChanger: false,
            showTotal: (total) => labels.t('ui.list.total', { total }),
            onChange: setPage,
          }}
          locale={{ emptyText: t('empty') }}
        />
      </Card>
    </Flex>
  );
}
