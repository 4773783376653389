// 出价记录 (the auction's history endpoint, in a dialog): every bid in the order it came — accepted,
// superseded and refused with the reason — with the bidder as 供应商1…n until the opening and by
// name after, and where a bid moved the end.
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Skeleton, Table, Tag } from 'antd';
import { MODAL_Z_INDEX, formatDateTime, formatNumber } from '@srm/kernel';
import { request, useApi, useLabels, useSession } from '@srm/platform-ui';
import { HALL, reasonText } from './AuctionHallParts';

type Row = Readonly<Record<string, unknown>>;

interface LogRow {
  readonly bidId: number;
  readonly bidNum: string | null;
  readonly auctionItemId: number | null;
  readonly price: string | null;
  readonly status: string;
  readonly reason: string | null;
  readonly reasonParams?: Readonly<Record<string, string | number>> | null;
  readonly bidTime: number;
  readonly extendedTo: number | null;
  readonly alias: number;
  readonly supplierName: string | null;
  /** Where the bid came from; named once the auction is opened, as the bidder is. */
  readonly ip: string | null;
}

interface BidLog {
  readonly opened: boolean;
  readonly rows: readonly LogRow[];
}

const STATUS_COLORS: Readonly<Record<string, string>> = {
  ACCEPTED: 'success',
  SUPERSEDED: 'default',
  REFUSED: 'error',
};

/** A stored price with thousands separators, trailing zeros dropped down to two places. */
function priceText(value: string): string {
  const places = Math.max(2, (value.split('.')[1] ?? '').replace(/0+$/, '').length);
  return formatNumber(value, places);
}

/** The auction's materials as its saved row carries them: line and name by id. */
function materialsOf(row: Row): Map<number, string> {
  const items = Array.isArray(row.items) ? row.items : [];
  const names = new Map<number, string>();
  for (const item of items)
    if (item && typeof item === 'object' && 'auctionItemId' in item)
      names.set(
        Number(item.auctionItemId),
        `${'lineNum' in item ? String(item.lineNum) : ''} · ${'itemName' in item ? String(item.itemName ?? '') : ''}`,
      );
  return names;
}

export interface AuctionBidLogProps {
  readonly row: Row;
  onClose(): void;
}

export default function AuctionBidLog({ row, onClose }: AuctionBidLogProps) {
  const api = useApi();
  const labels = useLabels();
  const { timeZone } = useSession();
  const auctionId = Number(row.auctionId);
  const log = useQuery({
    queryKey: ['entity', 'srmAuction', 'history', auctionId],
    queryFn: async () =>
      (await request<BidLog>(api, '/api/srm/v1/srmAuctionRestful/history', { auctionId })).data,
  });
  const h = (key: string, params?: Record<string, string | number>) => labels.t(`${HALL}.${key}`, params);
  const materials = materialsOf(row);
  // Newest first, as a log is read.
  const rows = [...(log.data?.rows ?? [])].reverse();
  return (
    <Modal
      open
      width={1200}
      style={{ top: 24, paddingBottom: 0 }}
      zIndex={MODAL_Z_INDEX}
      title={h('logTitle', { number: String(row.auctionNum ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="auction-bid-log">
        {log.isPending && <Skeleton active />}
        {log.isError && <Alert type="error" showIcon title={log.error.message} />}
        {log.data && (
          <>
            {!log.data.opened && (
              <Alert type="info" showIcon title={h('aliasesNote')} style={{ marginBottom: 12 }} />
            )}
            <Table<LogRow>
              size="small"
              bordered
              rowKey="bidId"
              dataSource={rows}
              pagination={{
                pageSize: 50,
                showSizeChanger: false,
                showTotal: (total) => h('total', { total }),
              }}
              scroll={{ y: 'calc(100vh - 340px)' }}
              locale={{ emptyText: h('noBids') }}
              columns={[
                {
                  title: h('bidTime'),
                  dataIndex: 'bidTime',
                  width: 170,
                  render: (value: number) => formatDateTime(value, timeZone),
                },
                {
                  title: h('bidNum'),
                  dataIndex: 'bidNum',
                  width: 190,
                  render: (value: string | null) => value ?? '—',
                },
                {
                  title: h('supplier'),
                  key: 'supplier',
                  ellipsis: true,
                  render: (_value, bid) => bid.supplierName ?? h('alias', { alias: bid.alias }),
                },
                {
                  title: h('material'),
                  dataIndex: 'auctionItemId',
                  ellipsis: true,
                  render: (id: number | null) =>
                    id === null ? h('wholeLot') : (materials.get(id) ?? String(id)),
                },
                {
                  title: h('price'),
                  dataIndex: 'price',
                  width: 110,
                  align: 'right',
                  render: (value: string | null) => (value === null ? '******' : priceText(value)),
                },
                {
                  title: h('bidStatus'),
                  dataIndex: 'status',
                  width: 100,
                  render: (status: string) => (
                    <Tag color={STATUS_COLORS[status] ?? 'default'}>{h(`bidStatusCode.${status}`)}</Tag>
                  ),
                },
                {
                  title: h('reasonColumn'),
                  dataIndex: 'reason',
                  ellipsis: true,
                  render: (reason: string | null, bid) => reasonText(labels, reason, bid.reasonParams),
                },
                {
                  title: h('extendedTo'),
                  dataIndex: 'extendedTo',
                  width: 170,
                  render: (value: number | null) => (value === null ? '' : formatDateTime(value, timeZone)),
                },
                { title: h('ipColumn'), dataIndex: 'ip', width: 130, ellipsis: true },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
