// 竞价大厅, the buyer's board (the auction's hall endpoint and its frames, for the owner and the
// jury): the end with its countdown on the server's clock and its extensions, how many bid, and
// per material every bidder's current price, rank, last bid time and bid count — as 供应商1…n until
// the auction is opened, by name after; in a sealed auction no prices before the opening.
import { Alert, Card, Empty, Flex, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MODAL_Z_INDEX, formatDateTime, formatNumber } from '@srm/kernel';
import { useLabels, useSession } from '@srm/platform-ui';
import {
  ExtensionBanner,
  Fact,
  HallNote,
  HALL,
  type HallHead,
  type HallSnapshot,
  HallHeader,
  stepText,
  timeOf,
  useLiveHall,
  useServerNow,
} from './AuctionHallParts';

type Row = Readonly<Record<string, unknown>>;

interface BoardRow {
  readonly alias: number;
  readonly supplierName: string | null;
  readonly price: string | null;
  /** Ranked by transformed price: the supplier's factor and price × factor. */
  readonly factor: string | null;
  readonly transformedPrice: string | null;
  readonly rank: number | null;
  readonly lastBidTime: number | null;
  readonly bidCount: number;
}

interface BoardLot {
  readonly auctionItemId: number | null;
  readonly lineNum: number;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly startPrice: string;
  readonly bestPrice: string | null;
  readonly rows: readonly BoardRow[];
}

interface BoardView extends HallHead {
  readonly side: 'board';
  readonly opened: boolean;
  readonly bidders: number;
  readonly lots: readonly BoardLot[];
}

const AUCTION = '/api/srm/v1/srmAuctionRestful';

export interface AuctionBoardProps {
  readonly row: Row;
  onClose(): void;
}

export default function AuctionBoard({ row, onClose }: AuctionBoardProps) {
  const labels = useLabels();
  const { timeZone } = useSession();
  const hall = useLiveHall<HallSnapshot<BoardView>>(`${AUCTION}/hall`, { auctionId: Number(row.auctionId) });
  const now = useServerNow(hall.clock);
  const view = hall.snapshot?.view;
  const h = (key: string, params?: Record<string, string | number>) => labels.t(`${HALL}.${key}`, params);
  const amount = (value: string | null) =>
    value === null || !view ? '—' : formatNumber(value, view.precision);
  const transformed = view?.rankBasis === 'TRANSFORMED';
  const columns: ColumnsType<BoardRow> = [
    {
      title: h('rankColumn'),
      dataIndex: 'rank',
      width: 80,
      align: 'center',
      render: (rank: number | null) =>
        rank === null ? '—' : <Tag color={rank === 1 ? 'gold' : undefined}>{h('rankOf', { rank })}</Tag>,
    },
    {
      title: h('supplier'),
      key: 'supplier',
      ellipsis: true,
      render: (_value, bidder) => bidder.supplierName ?? h('alias', { alias: bidder.alias }),
    },
    {
      title: h('currentPrice'),
      dataIndex: 'price',
      width: 140,
      align: 'right',
      render: (price: string | null, bidder) =>
        bidder.rank === 1 && !transformed ? (
          <Typography.Text strong>{amount(price)}</Typography.Text>
        ) : (
          amount(price)
        ),
    },
    ...(transformed
      ? ([
          {
            title: h('factor'),
            dataIndex: 'factor',
            width: 100,
            align: 'right',
            render: (factor: string | null) => (factor === null ? '—' : formatNumber(factor, 4)),
          },
          {
            title: h('transformedPrice'),
            dataIndex: 'transformedPrice',
            width: 140,
            align: 'right',
            render: (value: string | null, bidder) => {
              const shown = value === null || !view ? '—' : formatNumber(value, view.precision + 2);
              return bidder.rank === 1 ? <Typography.Text strong>{shown}</Typography.Text> : shown;
            },
          },
        ] satisfies ColumnsType<BoardRow>)
      : []),
    {
      title: h('lastBidTime'),
      dataIndex: 'lastBidTime',
      width: 180,
      render: (value: number | null) => (value === null ? '—' : formatDateTime(value, timeZone)),
    },
    { title: h('bidCount'), dataIndex: 'bidCount', width: 100, align: 'right' },
  ];
  return (
    <Modal
      open
      width={1280}
      style={{ top: 24, paddingBottom: 0 }}
      zIndex={MODAL_Z_INDEX}
      title={h('boardTitle', { number: String(view?.auctionNum ?? row.auctionNum ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="auction-board">
        {hall.loading && <Skeleton active />}
        {hall.error && <Alert type="error" showIcon title={hall.error.message} />}
        {view && (
          <>
            <HallHeader view={view} now={now} live={hall.live}>
              <Flex gap={16} wrap>
                <Fact label={h('start')}>{formatDateTime(view.startDate, timeZone)}</Fact>
                <Fact label={h('end')}>{formatDateTime(view.endDate, timeZone)}</Fact>
                <Fact label={h('extensions')}>{h('extensionCount', { count: view.extendCount })}</Fact>
                <Fact label={h('biddersLabel')}>{h('biddersCount', { count: view.bidders })}</Fact>
                <Fact label={h('stepLabel')}>{stepText(view, labels)}</Fact>
                <Fact label={h('currency')}>{String(view.currencyCode ?? '')}</Fact>
              </Flex>
            </HallHeader>
            <ExtensionBanner view={view} now={now} />
            {!view.opened && <HallNote title={h('aliasesNote')} />}
            {transformed && <HallNote title={h('transformedNote')} testId="board-transformed" />}
            <div style={{ maxHeight: 'calc(100vh - 330px)', overflowY: 'auto' }}>
              {view.lots.map((lot) => (
                <Card
                  key={lot.auctionItemId ?? 'lot'}
                  size="small"
                  style={{ marginBottom: 12 }}
                  data-testid="board-lot"
                  title={
                    <Flex gap={16} align="baseline" wrap>
                      <Typography.Text strong>
                        {lot.auctionItemId === null
                          ? h('wholeLot')
                          : `${lot.lineNum} · ${String(lot.itemName ?? '')}`}
                      </Typography.Text>
                      {lot.auctionItemId !== null && (
                        <Typography.Text type="secondary">
                          {formatNumber(lot.quantity, 0)} {String(lot.uomName ?? '')}
                        </Typography.Text>
                      )}
                    </Flex>
                  }
                  extra={
                    <Flex gap={16}>
                      <Fact label={h('startPrice')}>{amount(lot.startPrice)}</Fact>
                      <Fact label={h(transformed ? 'bestTransformed' : 'bestPrice')}>
                        <Typography.Text strong type={lot.bestPrice ? 'success' : undefined}>
                          {transformed && lot.bestPrice !== null
                            ? formatNumber(lot.bestPrice, view.precision + 2)
                            : amount(lot.bestPrice)}
                        </Typography.Text>
                      </Fact>
                    </Flex>
                  }
                >
                  <Table<BoardRow>
                    size="small"
                    rowKey="alias"
                    pagination={false}
                    dataSource={[...lot.rows]}
                    columns={columns}
                    locale={{
                      emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={h('noBids')} />,
                    }}
                  />
                </Card>
              ))}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {h('boardNote', { time: timeOf(now, timeZone, now) })}
            </Typography.Text>
          </>
        )}
      </div>
    </Modal>
  );
}
