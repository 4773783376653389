// 竞价大厅, the supplier's side (the entry's hall endpoint and the hall's frames, in a large
// dialog): the auction's number and title, its phase on the server's clock, the big countdown and
// a banner when the end moved; per material its own price and rank, the best price or the
// anonymous ladder only where the display rule gives them, a price box and 出价 (one idempotency
// key per press; a large drop asks first; the server's refusal in its own words); its own bids
// below. Nothing is shown that the view does not carry: never another supplier's name or price.
import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Input, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MODAL_Z_INDEX, formatDateTime, formatNumber } from '@srm/kernel';
import { useApi, useConfirm, useLabels, useSession } from '@srm/platform-ui';
import {
  Fact,
  HallNote,
  HALL,
  type HallHead,
  type HallSnapshot,
  HallHeader,
  ExtensionBanner,
  phaseOf,
  reasonText,
  stepText,
  useLiveHall,
  useServerNow,
} from '../auction/AuctionHallParts';

type Row = Readonly<Record<string, unknown>>;

interface SupplierLot {
  readonly auctionItemId: number | null;
  readonly lineNum: number;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly startPrice: string;
  readonly ownPrice: string | null;
  readonly ownRank: number | null;
  readonly bestPrice: string | null;
  readonly ladder: readonly { price: string; own: boolean }[] | null;
}

interface SupplierView extends HallHead {
  readonly side: 'supplier';
  readonly displayRule: string;
  readonly bidders: number | null;
  readonly lots: readonly SupplierLot[];
}

interface OwnBid {
  readonly bidId: number;
  readonly bidNum: string | null;
  readonly auctionItemId: number | null;
  readonly price: string;
  readonly status: string;
  readonly reason: string | null;
  readonly reasonParams?: Readonly<Record<string, string | number>> | null;
  readonly bidTime: number;
}

interface EntryHall extends HallSnapshot<SupplierView> {
  readonly entryStatus: string;
  readonly ownBids: readonly OwnBid[];
}

interface BidAnswer {
  readonly rank: number | null;
  readonly price: string;
  readonly extended: boolean;
}

const ENTRY = '/api/srm/v1/srmAuctionEntryRestful';
const E = 'srmAuctionEntry.hall';
const STATUS_COLORS: Readonly<Record<string, string>> = {
  ACCEPTED: 'success',
  SUPERSEDED: 'default',
  REFUSED: 'error',
  INITIAL: 'processing',
  REVISED: 'default',
};

/** The HTTP status of a refused call (the app's client keeps it on its error). */
function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('httpStatus' in error)) return null;
  return typeof error.httpStatus === 'number' ? error.httpStatus : null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Digits and one point, at most `places` after it: what a price box lets through. */
const priceTyped = (text: string, places: number) =>
  new RegExp(`^\\d{0,14}(\\.\\d{0,${Math.max(places, 0)}})?$`).test(text);

const keyOf = (lot: SupplierLot) => String(lot.auctionItemId ?? 'lot');

export interface AuctionEntryHallProps {
  readonly row: Row;
  onClose(): void;
}

export default function AuctionEntryHall({ row, onClose }: AuctionEntryHallProps) {
  const labels = useLabels();
  const api = useApi();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const { timeZone } = useSession();
  const entryId = Number(row.entryId);
  const hall = useLiveHall<EntryHall>(`${ENTRY}/hall`, { entryId });
  const now = useServerNow(hall.clock);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const t = (key: string, params?: Record<string, string | number>) => labels.t(`${E}.${key}`, params);
  const h = (key: string, params?: Record<string, string | number>) => labels.t(`${HALL}.${key}`, params);
  const data = hall.snapshot;
  const view = data?.view;
  const running = !!view && phaseOf(view, now) === 'running' && data?.entryStatus === 'CONFIRMED';
  // Before the start of an auction that asks for them: a sealed initial bid (the server decides).
  const initialOpen =
    !!view &&
    view.initialBids &&
    view.status === 'PUBLISHED' &&
    now < view.startDate &&
    data?.entryStatus === 'CONFIRMED';
  const canPrice = running || initialOpen;
  /** Its own current initial bid on a lot (read back from its own bids). */
  const ownInitial = (lot: SupplierLot) =>
    data?.ownBids.find((own) => own.status === 'INITIAL' && own.auctionItemId === lot.auctionItemId) ?? null;
  const amount = (value: string | null) =>
    value === null || !view ? '' : formatNumber(value, view.precision);

  async function sendInitial(lot: SupplierLot, price: string): Promise<void> {
    const answer = await api.post(`${ENTRY}/initialBid`, {
      entryId,
      ...(lot.auctionItemId === null ? {} : { auctionItemId: lot.auctionItemId }),
      price,
    });
    if (answer.status !== 'S') throw Object.assign(new Error(answer.msg), { httpStatus: 422 });
    void message.success(t('initialPlaced'));
    setPrices((typed) => ({ ...typed, [keyOf(lot)]: '' }));
  }

  async function send(lot: SupplierLot, price: string, confirmLargeDrop: boolean): Promise<void> {
    if (!view) return;
    const answer = await api.post<BidAnswer>(`${ENTRY}/bid`, {
      entryId,
      ...(lot.auctionItemId === null ? {} : { auctionItemId: lot.auctionItemId }),
      price,
      idempotencyKey: crypto.randomUUID(),
      ...(confirmLargeDrop ? { confirmLargeDrop: 'Y' } : {}),
    });
    if (answer.status !== 'S') throw Object.assign(new Error(answer.msg), { httpStatus: 422 });
    // The rank only where the hall shows it (the display rule, never in a sealed auction).
    const rank =
      answer.data.rank !== null && view.displayRule !== 'NONE' && view.auctionMode !== 'SEALED'
        ? answer.data.rank
        : null;
    void message.success(rank === null ? t('bidPlaced') : t('bidPlacedRank', { rank }));
    setPrices((typed) => ({ ...typed, [keyOf(lot)]: '' }));
  }

  async function bid(lot: SupplierLot): Promise<void> {
    const price = (prices[keyOf(lot)] ?? '').replace(/\.$/, '');
    if (!price || !Number(price)) {
      void message.warning(t('enterPrice'));
      return;
    }
    setBusy(keyOf(lot));
    try {
      if (initialOpen) await sendInitial(lot, price);
      else await send(lot, price, false);
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 409) {
        // A large drop is a question, not a refusal: asked, and sent again with a new key.
        const sure = await confirm({
          title: t('largeDropTitle'),
          content: messageOf(error),
          zIndex: MODAL_Z_INDEX + 10,
        });
        if (sure)
          await send(lot, price, true).catch((again: unknown) => void message.error(messageOf(again)));
      } else if (status === 429) void message.warning(messageOf(error));
      else void message.error(messageOf(error));
    } finally {
      setBusy(null);
      hall.refresh();
    }
  }

  const lots = view?.lots ?? [];
  const showRank = view?.displayRule !== 'NONE';
  const showBest = view?.displayRule === 'RANK_BEST' || view?.displayRule === 'LADDER';
  const showLadder = view?.displayRule === 'LADDER';
  const columns: ColumnsType<SupplierLot> = [
    { title: h('line'), dataIndex: 'lineNum', width: 56, align: 'center', render: (n: number) => n || '—' },
    {
      title: h('material'),
      key: 'material',
      ellipsis: true,
      render: (_value, lot) => (lot.auctionItemId === null ? t('wholeLot') : String(lot.itemName ?? '')),
    },
    {
      title: h('quantity'),
      dataIndex: 'quantity',
      width: 110,
      align: 'right',
      render: (value: number) => formatNumber(value, 0),
    },
    { title: h('uom'), key: 'uom', width: 64, render: (_value, lot) => String(lot.uomName ?? '') },
    {
      title: h('startPrice'),
      dataIndex: 'startPrice',
      width: 110,
      align: 'right',
      render: (value: string) => amount(value),
    },
    {
      title: t('ownPrice'),
      dataIndex: 'ownPrice',
      width: 110,
      align: 'right',
      render: (value: string | null, lot) => {
        const initial = value === null ? ownInitial(lot) : null;
        if (initial)
          return (
            <span data-testid="own-initial">
              <b>{amount(initial.price)}</b>{' '}
              <Tag color="processing" style={{ marginInlineEnd: 0 }}>
                {t('initialPrice')}
              </Tag>
            </span>
          );
        return value === null ? (
          <Typography.Text type="secondary">{t('noBid')}</Typography.Text>
        ) : (
          <b>{amount(value)}</b>
        );
      },
    },
    ...(showRank
      ? [
          {
            title: t('ownRank'),
            dataIndex: 'ownRank',
            width: 90,
            align: 'center' as const,
            render: (value: number | null) =>
              value === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Tag
                  color={value === 1 ? 'gold' : 'blue'}
                  style={{ marginInlineEnd: 0 }}
                  data-testid="own-rank"
                >
                  {t('rank', { rank: value })}
                </Tag>
              ),
          },
        ]
      : []),
    ...(showBest
      ? [
          {
            title: t('bestPrice'),
            dataIndex: 'bestPrice',
            width: 110,
            align: 'right' as const,
            render: (value: string | null) => (value === null ? '—' : amount(value)),
          },
        ]
      : []),
    ...(showLadder
      ? [
          {
            title: t('ladder'),
            key: 'ladder',
            width: 200,
            render: (_value: unknown, lot: SupplierLot) => (
              <Flex gap={4} wrap>
                {(lot.ladder ?? []).map((step, index) => (
                  <Tag key={index} color={step.own ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
                    {amount(step.price)}
                    {step.own ? ` ${t('mine')}` : ''}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]
      : []),
    {
      title: t('newPrice'),
      key: 'price',
      width: 260,
      render: (_value, lot) => (
        <Flex gap={8}>
          <Input
            aria-label={t('priceOf', { line: lot.lineNum })}
            inputMode="decimal"
            placeholder={t('pricePlaceholder')}
            value={prices[keyOf(lot)] ?? ''}
            disabled={!canPrice}
            style={{ width: 130, textAlign: 'right' }}
            onFocus={(event) => event.target.select()}
            onChange={(event) => {
              const text = event.target.value.trim();
              if (priceTyped(text, view?.precision ?? 2))
                setPrices((typed) => ({ ...typed, [keyOf(lot)]: text }));
            }}
            onPressEnter={() => void bid(lot)}
          />
          <Button
            type="primary"
            disabled={!canPrice || (busy !== null && busy !== keyOf(lot))}
            loading={busy === keyOf(lot)}
            onClick={() => void bid(lot)}
          >
            {labels.action('srmAuctionEntry', initialOpen ? 'initialBid' : 'bid')}
          </Button>
        </Flex>
      ),
    },
  ];

  const itemOf = (id: number | null) => {
    const lot = lots.find((candidate) => candidate.auctionItemId === id);
    return lot
      ? lot.auctionItemId === null
        ? t('wholeLot')
        : `${lot.lineNum} · ${String(lot.itemName ?? '')}`
      : '';
  };
  const ownColumns: ColumnsType<OwnBid> = [
    {
      title: h('bidTime'),
      dataIndex: 'bidTime',
      width: 170,
      render: (value: number) => formatDateTime(value, timeZone),
    },
    {
      title: h('material'),
      dataIndex: 'auctionItemId',
      ellipsis: true,
      render: (id: number | null) => itemOf(id),
    },
    {
      title: h('price'),
      dataIndex: 'price',
      width: 120,
      align: 'right',
      render: (value: string) => amount(value),
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
  ];

  return (
    <Modal
      open
      width={1280}
      style={{ top: 24, paddingBottom: 0 }}
      zIndex={MODAL_Z_INDEX}
      title={t('title', { number: String(view?.auctionNum ?? row.auctionNum ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid="supplier-hall">
        {hall.loading && <Skeleton active />}
        {hall.error && <Alert type="error" showIcon title={hall.error.message} />}
        {data && view && (
          <>
            <HallHeader view={view} now={now} live={hall.live}>
              <Flex gap={16} wrap>
                <Fact label={h('start')}>{formatDateTime(view.startDate, timeZone)}</Fact>
                <Fact label={h('end')}>{formatDateTime(view.endDate, timeZone)}</Fact>
                <Fact label={h('currency')}>{String(view.currencyCode ?? '')}</Fact>
                <Fact label={h('stepLabel')}>{stepText(view, labels)}</Fact>
                {view.bidders !== null && <Fact label={h('bidders')}>{view.bidders}</Fact>}
              </Flex>
            </HallHeader>
            <ExtensionBanner view={view} now={now} />
            {data.entryStatus !== 'CONFIRMED' && <HallNote title={t('confirmFirst')} />}
            {initialOpen && <HallNote title={t('initialNote')} testId="initial-note" />}
            {view.rankBasis === 'TRANSFORMED' && (
              <HallNote title={t('transformedNote')} testId="transformed-note" />
            )}
            <Table<SupplierLot>
              size="middle"
              bordered
              rowKey={keyOf}
              pagination={false}
              dataSource={[...lots]}
              columns={columns}
              scroll={{ y: 'calc(100vh - 560px)' }}
              data-testid="hall-lots"
            />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
              {t('rulesNote', { rule: labels.code('SRC_DISPLAY_RULE', view.displayRule) })}
            </Typography.Text>
            <Card size="small" title={t('ownBids')} style={{ marginTop: 12 }}>
              <Table<OwnBid>
                size="small"
                rowKey="bidId"
                pagination={false}
                dataSource={[...data.ownBids]}
                columns={ownColumns}
                scroll={{ y: 180 }}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOwnBids')} />,
                }}
              />
            </Card>
          </>
        )}
      </div>
    </Modal>
  );
}
