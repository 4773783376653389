// 报价对比 (the comparison endpoints of an inquiry, in a dialog). Before opening the quotes stay
// sealed: how many of the invited suppliers answered, and per supplier its answer and when it last
// submitted — nothing quoted. After opening: materials down (line, material, quantity, target and
// last price fixed on the left), one column group per supplier across (unit price with its tier
// prices, brand and model, lead time; 不报价 with its reason), the lowest valid price per material
// in green, expired quotes marked; each supplier's total, the best-per-material total and the best
// single supplier below. After several rounds each supplier's offer that counts is shown, an offer
// from an earlier round marked with its round. A large inquiry (500 materials × 100 suppliers)
// is read a page of 25 materials at a time as the grid scrolls to it, the totals apart, and drawn
// by a grid virtual both ways (platform-ui CrossGrid): the first rows show as soon as the first
// page is in.
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ExportOutlined, InfoCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Input, Modal, Select, Table, Tag, Tooltip, Typography } from 'antd';
import {
  type EntityDef,
  type FieldDef,
  MODAL_Z_INDEX,
  amount,
  formatDateTime,
  formatNumber,
  isNumeric,
} from '@srm/kernel';
import {
  type CrossColumn,
  type CrossGroup,
  CrossGrid,
  useApi,
  useLabels,
  useReportExport,
  useSession,
} from '@srm/platform-ui';
import {
  COMPARISON_PAGE_ROWS,
  ComparisonProgress,
  comparisonPage,
  useComparisonPage,
  useComparisonTotals,
} from './comparisonQuery';
import { MATERIAL_ORDERS, type MaterialOrder, findsMaterial, orderMaterials } from './comparison.order';
import { inquiryQuoteLine } from '../inquiry-quote/inquiry-quote.entity';
import { inquiryItem } from './inquiry.entity';
import type { ComparisonSheetRow } from './inquiry.comparison';

type Row = Readonly<Record<string, unknown>>;

interface Answer {
  readonly supplierId: number;
  readonly supplierName: string;
  readonly answerStatus: string;
  readonly lastSubmittedDate: number | string | null;
  readonly submitCount: number;
  readonly roundNum: number;
}

interface QuoteColumn {
  readonly supplierId: number;
  readonly supplierName: string;
  readonly quoteId: number;
  readonly quoteNum: string;
  readonly quoteVersion: number | null;
  readonly roundNum: number;
  readonly submittedDate: number | string | null;
  readonly validToDate: string | null;
  readonly expired: boolean;
  readonly totalAmount: number | null;
  readonly quoteNote: string | null;
}

interface Offer {
  readonly unitPrice: number | null;
  readonly tiers: readonly { fromQuantity: number; unitPrice: number | null }[];
  readonly taxRate: number | null;
  readonly leadTimeDays: number | null;
  readonly brand: string | null;
  readonly model: string | null;
  readonly warrantyMonths: number | null;
  readonly noQuote: boolean;
  readonly noQuoteReason: string | null;
  readonly remark: string | null;
  readonly roundNum: number;
  readonly expired: boolean;
  readonly lowest: boolean;
}

interface ItemRow {
  readonly inquiryItemId: number;
  readonly lineNum: number;
  readonly itemCode: string | null;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly needByDate: string | null;
  readonly targetPrice: number | null;
  readonly lastPrice: number | null;
  readonly lowestPrice: number | null;
  readonly savingVsTarget: number | null;
  readonly savingVsLast: number | null;
  readonly offers: Readonly<Record<string, Offer>>;
}

/** A page of the comparison (the first one also says, while sealed, who answered). */
interface Comparison {
  readonly inquiryNum: string;
  readonly quoteDeadline: number | string | null;
  readonly invitedCount: number;
  readonly answeredCount: number;
  readonly roundNum: number;
  readonly opened: boolean;
  readonly suppliers: readonly Answer[];
  /** Every supplier that quoted, in the order they were invited. */
  readonly columns?: readonly QuoteColumn[];
  /** The page's materials. */
  readonly items: readonly ItemRow[];
  /** Materials in all. */
  readonly itemCount?: number;
}

/** The totals over every material (comparisonTotals). */
interface Totals {
  readonly columns: readonly { supplierId: number; totalAmount: number | null }[];
  /** Every material's lowest price and savings (what the other orders of the materials read). */
  readonly items: readonly {
    readonly inquiryItemId: number;
    readonly lineNum: number;
    readonly itemCode: string | null;
    readonly itemName: unknown;
    readonly quantity: number;
    readonly lowestPrice: number | null;
    readonly savingVsTarget: number | null;
    readonly savingVsLast: number | null;
  }[];
  readonly bestPerItemTotal: number;
  readonly bestSingleSupplier: { supplierId: number; supplierName: string; total: number | null } | null;
  readonly savingVsTargetTotal: number | null;
  readonly savingVsLastTotal: number | null;
}

export interface InquiryComparisonProps {
  readonly entity: EntityDef;
  readonly row: Row;
  onClose(): void;
}

const K = 'srmInquiry.comparison';
/** Totals and savings: the platform's amount precision (the currency's two places). */
const AMOUNT_PLACES = amount().precision;
/** Decimal places of a numeric field (the quotation's unit price, the inquiry's quantity). */
const placesOf = (field: FieldDef | undefined, fallback: number) =>
  field && isNumeric(field) ? field.precision : fallback;
const PRICE_PLACES = placesOf(inquiryQuoteLine.fields.unitPrice, 6);
const QUANTITY_PLACES = placesOf(inquiryItem.fields.quantity, 4);
const LOWEST_BACKGROUND = '#f6ffed';
const ANSWER_COLORS: Readonly<Record<string, string>> = {
  ANSWERED: 'success',
  DECLINED: 'error',
  NONE: 'default',
};
const WIDTH = { line: 56, material: 190, quantity: 110, price: 100, offer: 160, lead: 96, saving: 120 };
/** Line heights of a cell: the first line, and each small line under it (tiers, maker, details). */
const LINE = { first: 22, small: 18, padding: 13 };

/** Thousands separators, at most `max` decimals, trailing zeros dropped down to `min`. */
function decimals(value: number, max: number, min: number): string {
  const [whole = '', fraction = ''] = formatNumber(value, max).split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(min, '0');
  return kept ? `${whole}.${kept}` : whole;
}

const priceText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : decimals(value, PRICE_PLACES, AMOUNT_PLACES);
const quantityText = (value: number) => decimals(value, QUANTITY_PLACES, 0);
const amountText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : formatNumber(value, AMOUNT_PLACES);

const Small = ({ children }: { children: ReactNode }) => (
  <div style={{ fontSize: 12, lineHeight: '18px', color: 'rgba(0, 0, 0, 0.45)' }}>{children}</div>
);
const Dash = () => <Typography.Text type="secondary">—</Typography.Text>;

/** A saving: green when the lowest price is below the benchmark, red when above. */
function Saving({ value }: { value: number | null }) {
  if (value === null) return <Dash />;
  return (
    <Typography.Text type={value > 0 ? 'success' : value < 0 ? 'danger' : undefined}>
      {amountText(value)}
    </Typography.Text>
  );
}

function useMoment() {
  const { timeZone } = useSession();
  return (value: number | string | null | undefined) =>
    typeof value === 'number' ? formatDateTime(value, timeZone) : (value ?? '');
}

/** Before opening: who answered and when, nothing quoted. */
function SealedView({ data, row }: { data: Comparison; row: Row }) {
  const labels = useLabels();
  const moment = useMoment();
  const f = (name: string) => labels.field('srmInquirySupplier', name);
  return (
    <div data-testid="inquiry-comparison-sealed">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={labels.t(`${K}.sealed`)}
        description={labels.t(`${K}.sealedNote`, {
          openers: typeof row.openersRequired === 'number' ? row.openersRequired : 2,
        })}
      />
      <Flex gap={24} wrap style={{ marginBottom: 12 }}>
        <Typography.Text strong>
          {labels.t(`${K}.answered`, { answered: data.answeredCount, invited: data.invitedCount })}
        </Typography.Text>
        {data.roundNum > 1 && (
          <Tag color="processing" style={{ marginInlineEnd: 0 }}>
            {labels.t(`${K}.round`, { round: data.roundNum })}
          </Tag>
        )}
        {data.quoteDeadline !== null && (
          <Typography.Text type="secondary">
            {labels.t(`${K}.deadline`, { deadline: moment(data.quoteDeadline) })}
          </Typography.Text>
        )}
      </Flex>
      <Table<Answer>
        size="small"
        bordered
        rowKey="supplierId"
        pagination={false}
        // The suppliers asked in the round under way.
        dataSource={data.suppliers.filter((answer) => answer.roundNum === data.roundNum)}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={labels.t(`${K}.noSuppliers`)} />
          ),
        }}
        scroll={{ y: 'calc(100vh - 420px)' }}
        columns={[
          {
            title: '#',
            key: 'index',
            width: 56,
            align: 'center',
            render: (_value, _answer, index) => index + 1,
          },
          { title: f('supplierName'), dataIndex: 'supplierName', ellipsis: true },
          {
            title: f('answerStatus'),
            dataIndex: 'answerStatus',
            width: 140,
            render: (status: string) => (
              <Tag color={ANSWER_COLORS[status] ?? 'default'}>{labels.code('SRC_ANSWER_STATUS', status)}</Tag>
            ),
          },
          {
            title: f('lastSubmittedDate'),
            dataIndex: 'lastSubmittedDate',
            width: 190,
            render: (value: Answer['lastSubmittedDate']) => (value === null ? <Dash /> : moment(value)),
          },
          {
            title: f('submitCount'),
            dataIndex: 'submitCount',
            width: 110,
            align: 'right',
          },
        ]}
      />
    </div>
  );
}

/** A supplier's price for one material: unit price, tiers, brand and model, or 不报价. */
function OfferCell({ offer, round }: { offer: Offer | undefined; round: number }) {
  const labels = useLabels();
  if (!offer) return <Dash />;
  const earlier =
    offer.roundNum < round ? (
      <Tooltip title={labels.t(`${K}.earlierRoundHint`, { round: offer.roundNum })}>
        <Tag style={{ marginInlineEnd: 0 }}>{labels.t(`${K}.round`, { round: offer.roundNum })}</Tag>
      </Tooltip>
    ) : null;
  if (offer.noQuote)
    return (
      <Tooltip
        title={
          offer.noQuoteReason ? labels.t(`${K}.noQuoteReason`, { reason: offer.noQuoteReason }) : undefined
        }
      >
        <Typography.Text type="secondary" style={{ cursor: offer.noQuoteReason ? 'help' : undefined }}>
          {earlier}
          {labels.t(`${K}.noQuote`)}
          {offer.noQuoteReason && <InfoCircleOutlined style={{ marginLeft: 4 }} />}
        </Typography.Text>
      </Tooltip>
    );
  const details = [
    offer.taxRate !== null ? labels.t(`${K}.taxRate`, { rate: decimals(offer.taxRate, 2, 0) }) : null,
    offer.warrantyMonths !== null ? labels.t(`${K}.warranty`, { months: offer.warrantyMonths }) : null,
  ].filter((text) => text !== null);
  const maker = [offer.brand, offer.model].filter((text) => text !== null).join(' / ');
  return (
    <div style={offer.expired ? { opacity: 0.55 } : undefined}>
      <Flex align="center" justify="flex-end" gap={4}>
        {earlier}
        {offer.lowest && (
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            {labels.t(`${K}.lowestTag`)}
          </Tag>
        )}
        <Typography.Text strong={offer.lowest}>{priceText(offer.unitPrice)}</Typography.Text>
        {offer.remark && (
          <Tooltip title={labels.t(`${K}.remark`, { remark: offer.remark })}>
            <InfoCircleOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />
          </Tooltip>
        )}
      </Flex>
      {offer.tiers.map((tier) => (
        <Small key={tier.fromQuantity}>
          {labels.t(`${K}.tier`, {
            quantity: quantityText(tier.fromQuantity),
            price: tier.unitPrice === null ? '—' : priceText(tier.unitPrice),
          })}
        </Small>
      ))}
      {maker && <Small>{maker}</Small>}
      {details.length > 0 && <Small>{details.join(' · ')}</Small>}
    </div>
  );
}

/** The head of a supplier's column group: its name, quotation, validity (expired marked). */
function SupplierHead({ column }: { column: QuoteColumn }) {
  const labels = useLabels();
  return (
    <div style={{ textAlign: 'left', fontWeight: 'normal' }}>
      <Typography.Text strong ellipsis={{ tooltip: column.supplierName }} style={{ maxWidth: '100%' }}>
        {column.supplierName}
      </Typography.Text>
      <Small>
        {column.quoteNum}
        {column.roundNum > 1 ? ` · ${labels.t(`${K}.round`, { round: column.roundNum })}` : ''}
        {column.quoteVersion && column.quoteVersion > 1
          ? ` · ${labels.t(`${K}.version`, { version: column.quoteVersion })}`
          : ''}
        {column.quoteNote && (
          <Tooltip title={labels.t(`${K}.quoteNote`, { note: column.quoteNote })}>
            <InfoCircleOutlined style={{ marginLeft: 4 }} />
          </Tooltip>
        )}
      </Small>
      {column.expired ? (
        <Tooltip title={labels.t(`${K}.expiredHint`, { date: column.validToDate ?? '' })}>
          <Tag color="warning" style={{ marginTop: 2 }}>
            {labels.t(`${K}.expired`)}
          </Tag>
        </Tooltip>
      ) : (
        column.validToDate && <Small>{labels.t(`${K}.validTo`, { date: column.validToDate })}</Small>
      )}
    </div>
  );
}

/** Lines an offer's cell takes: the price, each tier, the maker, the tax and warranty. */
function offerLines(offer: Offer | undefined): number {
  if (!offer || offer.noQuote) return 1;
  return (
    1 +
    offer.tiers.length +
    (offer.brand !== null || offer.model !== null ? 1 : 0) +
    (offer.taxRate !== null || offer.warrantyMonths !== null ? 1 : 0)
  );
}

/** A row's height: its tallest cell (worked out once per loaded row). */
const heights = new WeakMap<ItemRow, number>();
function rowHeight(item: ItemRow | undefined): number {
  if (!item) return LINE.padding + LINE.first + LINE.small;
  let height = heights.get(item);
  if (height === undefined) {
    let lines = item.needByDate || item.itemCode ? 2 : 1;
    for (const offer of Object.values(item.offers)) lines = Math.max(lines, offerLines(offer));
    height = LINE.padding + LINE.first + LINE.small * (lines - 1);
    heights.set(item, height);
  }
  return height;
}

/**
 * Loads the pages of materials the grid shows (of those `keyword` finds, when there is one; those of
 * `ordered`, in its order, when the materials are in another order than their lines), and answers
 * the loaded row at an index and how many materials there are (null: not known yet).
 */
function usePages(
  entity: EntityDef,
  row: Row,
  first: Comparison,
  keyword: string,
  ordered: { order: MaterialOrder; ids: readonly number[] } | null,
) {
  const api = useApi();
  const view = `${ordered?.order ?? 'LINE'}|${keyword}`;
  const [asked, setAsked] = useState<{ view: string; pages: readonly number[] }>({
    view: 'LINE|',
    pages: [1],
  });
  // A new keyword or order starts again from its first page.
  const wanted = asked.view === view ? asked.pages : [1];
  const pages = useQueries({
    queries: wanted.map((pageIndex) =>
      comparisonPage<Comparison>(
        api,
        entity,
        row,
        pageIndex,
        keyword,
        ordered
          ? {
              order: ordered.order,
              ids: ordered.ids.slice(
                (pageIndex - 1) * COMPARISON_PAGE_ROWS,
                pageIndex * COMPARISON_PAGE_ROWS,
              ),
            }
          : undefined,
      ),
    ),
  });
  const loaded = pages.map((page) => page.data);
  const failed = pages.find((page) => page.isError);
  // A new function when a page arrives (the grid then works out its rows' heights again): the
  // stamp, not `loaded` (a new array each render), says when.
  const stamp = pages.map((page) => page.dataUpdatedAt).join(',');
  const byIndex = useMemo(() => {
    const map = new Map<number, Comparison>(view === 'LINE|' ? [[1, first]] : []);
    wanted.forEach((pageIndex, at) => {
      const data = loaded[at];
      if (data) map.set(pageIndex, data);
    });
    return map;
  }, [stamp, first, wanted, view]);
  const rowAt = useCallback(
    (index: number) =>
      byIndex.get(Math.floor(index / COMPARISON_PAGE_ROWS) + 1)?.items[index % COMPARISON_PAGE_ROWS],
    [byIndex],
  );
  const onRowsInView = useCallback(
    (from: number, to: number) => {
      const need: number[] = [];
      for (
        let page = Math.floor(from / COMPARISON_PAGE_ROWS) + 1;
        page <= Math.floor(to / COMPARISON_PAGE_ROWS) + 1;
        page++
      )
        need.push(page);
      setAsked((held) => {
        const had = held.view === view ? held.pages : [1];
        return need.every((page) => had.includes(page)) && held.view === view
          ? held
          : { view, pages: [...new Set([...had, ...need])] };
      });
    },
    [view],
  );
  const itemCount = ordered ? ordered.ids.length : (byIndex.get(1)?.itemCount ?? null);
  return { rowAt, onRowsInView, failed, itemCount };
}

/** After opening: materials down, suppliers across, the best offers below. */
/** The sheet of 导出 (the endpoint's `sheet`): one row per material and supplier, in these columns. */
const SHEET = 'srmInquiry.comparisonSheet';
const SHEET_COLUMNS = [
  'lineNum',
  'itemCode',
  'itemName',
  'quantity',
  'uomName',
  'needByDate',
  'targetPrice',
  'lastPrice',
  'lowestPrice',
  'supplierName',
  'roundNum',
  'unitPrice',
  'amount',
  'lowestFlag',
  'tierPrices',
  'taxRate',
  'leadTimeDays',
  'brand',
  'model',
  'warrantyMonths',
  'validToDate',
  'expiredFlag',
  'noQuoteReason',
  'remark',
  'supplierTotal',
] as const satisfies readonly (keyof ComparisonSheetRow)[];

function OpenedView({ entity, data, row }: { entity: EntityDef; data: Comparison; row: Row }) {
  const labels = useLabels();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<readonly number[]>([]);
  const [order, setOrder] = useState<'INVITED' | 'TOTAL'>('INVITED');
  const [itemOrder, setItemOrder] = useState<MaterialOrder>('LINE');
  // Asked only now that the first page is in (this view is drawn with it): on a large inquiry the
  // totals read every price, which would hold up the first page on the server.
  const totals = useComparisonTotals<Totals>(entity, row);
  // The materials in another order than their lines: ordered here from the totals (every
  // material's lowest price and savings), then asked for a page at a time by their ids.
  const totalItems = totals.data?.items;
  const ordered = useMemo(
    () =>
      itemOrder === 'LINE' || !totalItems
        ? null
        : {
            order: itemOrder,
            ids: orderMaterials(
              totalItems.filter((item) => findsMaterial(keyword, item)),
              itemOrder,
            ).map((item) => item.inquiryItemId),
          },
    [itemOrder, totalItems, keyword],
  );
  const { rowAt, onRowsInView, failed, itemCount } = usePages(entity, row, data, keyword, ordered);
  const { exporting, exportRows } = useReportExport(`${entity.apiPath}/comparison`);
  const t = (key: string) => labels.t(`${K}.${key}`);
  const every = data.columns ?? [];
  if (!every.length) return <Empty description={labels.t(`${K}.noQuotes`)} />;
  const sums = totals.data;
  const totalOf = new Map((sums?.columns ?? []).map((column) => [column.supplierId, column.totalAmount]));
  // The suppliers chosen (all when none), in the order invited or by their totals, lowest first.
  const rank = new Map((sums?.columns ?? []).map((column, at) => [column.supplierId, at]));
  const quotes = every
    .filter((quote) => !chosen.length || chosen.includes(quote.supplierId))
    .sort((a, b) =>
      order === 'TOTAL'
        ? (rank.get(a.supplierId) ?? every.length) - (rank.get(b.supplierId) ?? every.length)
        : 0,
    );
  const rowCount = itemCount ?? (keyword ? 0 : (data.itemCount ?? data.items.length));
  const itemOrderLabel: Record<MaterialOrder, string> = {
    LINE: t('orderLine'),
    SPEND: t('orderSpend'),
    SAVING_TARGET: t('orderSavingTarget'),
    SAVING_LAST: t('orderSavingLast'),
  };
  const pending = totals.isPending ? (
    <Tooltip title={t('totalsLoading')}>
      <LoadingOutlined aria-label={t('totalsLoading')} />
    </Tooltip>
  ) : null;
  const fixed: CrossColumn<ItemRow>[] = [
    { key: 'line', title: t('line'), width: WIDTH.line, align: 'center', render: (item) => item.lineNum },
    {
      key: 'material',
      title: t('material'),
      width: WIDTH.material,
      render: (item) => (
        <>
          <Typography.Text ellipsis={{ tooltip: String(item.itemName ?? '') }} style={{ maxWidth: '100%' }}>
            {String(item.itemName ?? '')}
          </Typography.Text>
          {(item.itemCode || item.needByDate) && (
            <Small>
              {[item.itemCode, item.needByDate ? labels.t(`${K}.needBy`, { date: item.needByDate }) : null]
                .filter(Boolean)
                .join(' · ')}
            </Small>
          )}
        </>
      ),
    },
    {
      key: 'quantity',
      title: t('quantity'),
      width: WIDTH.quantity,
      align: 'right',
      render: (item) => (
        <>
          {quantityText(item.quantity)}
          {item.uomName ? <Typography.Text type="secondary"> {String(item.uomName)}</Typography.Text> : null}
        </>
      ),
    },
    {
      key: 'targetPrice',
      title: t('targetPrice'),
      width: WIDTH.price,
      align: 'right',
      render: (item) => (item.targetPrice === null ? <Dash /> : priceText(item.targetPrice)),
    },
    {
      key: 'lastPrice',
      title: <Tooltip title={t('lastPriceHint')}>{t('lastPrice')}</Tooltip>,
      width: WIDTH.price,
      align: 'right',
      render: (item) => (item.lastPrice === null ? <Dash /> : priceText(item.lastPrice)),
    },
  ];
  const groups: CrossGroup<ItemRow>[] = [
    ...quotes.map((quote) => ({
      key: `supplier-${quote.supplierId}`,
      title: <SupplierHead column={quote} />,
      summary: pending ?? (
        <Typography.Text strong type={quote.expired ? 'secondary' : undefined}>
          {amountText(totalOf.get(quote.supplierId))}
        </Typography.Text>
      ),
      columns: [
        {
          key: 'price',
          title: t('unitPrice'),
          width: WIDTH.offer,
          align: 'right' as const,
          cellStyle: (item: ItemRow) =>
            item.offers[quote.supplierId]?.lowest ? { background: LOWEST_BACKGROUND } : undefined,
          render: (item: ItemRow) => (
            <OfferCell offer={item.offers[quote.supplierId]} round={data.roundNum} />
          ),
        },
        {
          key: 'lead',
          title: t('leadTime'),
          width: WIDTH.lead,
          align: 'right' as const,
          render: (item: ItemRow) => {
            const offer = item.offers[quote.supplierId];
            if (!offer || offer.noQuote || offer.leadTimeDays === null) return <Dash />;
            return offer.expired ? (
              <Typography.Text type="secondary">{offer.leadTimeDays}</Typography.Text>
            ) : (
              offer.leadTimeDays
            );
          },
        },
      ],
    })),
    {
      key: 'result',
      title: t('result'),
      columns: [
        {
          key: 'lowestPrice',
          title: t('lowestPrice'),
          width: WIDTH.saving,
          align: 'right',
          render: (item) =>
            item.lowestPrice === null ? (
              <Dash />
            ) : (
              <Typography.Text strong>{priceText(item.lowestPrice)}</Typography.Text>
            ),
          summary: pending ?? (
            <Tooltip title={t('bestPerItemHint')}>
              <Typography.Text strong>{amountText(sums?.bestPerItemTotal)}</Typography.Text>
            </Tooltip>
          ),
        },
        {
          key: 'savingVsTarget',
          title: t('savingVsTarget'),
          width: WIDTH.saving,
          align: 'right',
          render: (item) => <Saving value={item.savingVsTarget} />,
          summary: pending ?? <Saving value={sums?.savingVsTargetTotal ?? null} />,
        },
        {
          key: 'savingVsLast',
          title: t('savingVsLast'),
          width: WIDTH.saving,
          align: 'right',
          render: (item) => <Saving value={item.savingVsLast} />,
          summary: pending ?? <Saving value={sums?.savingVsLastTotal ?? null} />,
        },
      ],
    },
  ];
  const best = sums?.bestSingleSupplier ?? null;
  const tax = row.taxIncludedFlag === 'N' ? t('taxExcluded') : t('taxIncluded');
  const currency = typeof row.currencyCode === 'string' ? row.currencyCode : '';
  return (
    <div data-testid="inquiry-comparison" data-totals={sums ? 'ready' : 'loading'}>
      <Flex gap={16} wrap align="center" style={{ marginBottom: 8 }}>
        {data.roundNum > 1 && (
          <Tooltip title={labels.t(`${K}.roundsHint`, { round: data.roundNum })}>
            <Tag color="processing" style={{ marginInlineEnd: 0 }}>
              {labels.t(`${K}.round`, { round: data.roundNum })}
            </Tag>
          </Tooltip>
        )}
        <Typography.Text strong>
          {labels.t(`${K}.answered`, { answered: data.answeredCount, invited: data.invitedCount })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {labels.t(`${K}.size`, { items: data.itemCount ?? data.items.length, suppliers: every.length })}
        </Typography.Text>
        <Typography.Text type="secondary">{labels.t(`${K}.currency`, { currency, tax })}</Typography.Text>
        <Typography.Text type="secondary">
          <span
            style={{
              display: 'inline-block',
              width: 12,
              height: 12,
              marginRight: 4,
              verticalAlign: -1,
              background: LOWEST_BACKGROUND,
              border: '1px solid #b7eb8f',
            }}
          />
          {t('legend')}
        </Typography.Text>
      </Flex>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('searchItems')}
          aria-label={t('searchItems')}
          style={{ width: 220 }}
          onSearch={(value) => setKeyword(value.trim())}
        />
        <Select<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('allSuppliers')}
          aria-label={t('chooseSuppliers')}
          style={{ width: 320 }}
          value={[...chosen]}
          onChange={(value) => setChosen(value)}
          optionFilterProp="label"
          options={every.map((quote) => ({
            value: quote.supplierId,
            label: String(quote.supplierName ?? ''),
          }))}
        />
        <Select<'INVITED' | 'TOTAL'>
          aria-label={t('supplierOrder')}
          style={{ width: 200 }}
          popupMatchSelectWidth={false}
          value={order}
          onChange={setOrder}
          options={[
            { value: 'INVITED', label: t('orderInvited') },
            { value: 'TOTAL', label: t('orderTotal'), disabled: !sums },
          ]}
        />
        {/* Why the other orders wait: they are worked out from the totals. */}
        <Tooltip title={sums ? undefined : t('itemOrderHint')} placement="top">
          <Select<MaterialOrder>
            aria-label={t('itemOrder')}
            style={{ width: 240 }}
            popupMatchSelectWidth={false}
            value={itemOrder}
            onChange={setItemOrder}
            options={MATERIAL_ORDERS.map((value) => ({
              value,
              label: itemOrderLabel[value],
              disabled: value !== 'LINE' && !sums,
            }))}
          />
        </Tooltip>
        {keyword && itemCount === null && (
          <Typography.Text type="secondary">{t('rowsLoading')}</Typography.Text>
        )}
        {keyword && itemCount !== null && (
          <Typography.Text type="secondary">{labels.t(`${K}.found`, { count: itemCount })}</Typography.Text>
        )}
        <Button
          icon={<ExportOutlined />}
          loading={exporting}
          style={{ marginLeft: 'auto' }}
          onClick={() =>
            void exportRows(
              // What the grid shows: the materials the keyword finds in their order, the chosen
              // suppliers in theirs.
              {
                [entity.key]: row[entity.key],
                ...(keyword ? { keyword } : {}),
                itemOrder,
                ...(chosen.length ? { supplierIds: chosen } : {}),
                supplierOrder: order,
              },
              SHEET_COLUMNS.map((key) => ({ key, title: labels.t(`${SHEET}.${key}`) })),
              `${labels.t(`${SHEET}.title`)} ${String(row.inquiryNum ?? '')}`,
            )
          }
        >
          {labels.t('ui.excel.export')}
        </Button>
      </Flex>
      {failed && <ComparisonProgress query={failed} />}
      {totals.isError && <ComparisonProgress query={totals} />}
      {keyword && itemCount === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noItemsFound')} />
      ) : null}
      <CrossGrid<ItemRow>
        testId="inquiry-comparison-grid"
        fixed={fixed}
        groups={groups}
        rowCount={rowCount}
        rowAt={rowAt}
        rowHeight={rowHeight}
        rowKey={(item, index) => item?.inquiryItemId ?? `row-${index}`}
        onRowsInView={onRowsInView}
        placeholder={<Typography.Text type="secondary">{t('rowsLoading')}</Typography.Text>}
        // The totals are over every material whatever the keyword finds: the row says so then.
        summaryLabel={keyword ? t('totalAll') : t('total')}
        height="calc(100vh - 330px)"
      />
      <Flex gap={32} wrap style={{ marginTop: 12 }}>
        <div>
          <Typography.Text type="secondary">{t('bestPerItem')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 16, marginLeft: 8 }}>
            {pending ?? `${amountText(sums?.bestPerItemTotal)} ${currency}`}
          </Typography.Text>
          <Small>{t('bestPerItemHint')}</Small>
        </div>
        <div>
          <Typography.Text type="secondary">{t('bestSingle')}</Typography.Text>
          {pending ? (
            <Typography.Text style={{ marginLeft: 8 }}>{pending}</Typography.Text>
          ) : best ? (
            <Typography.Text strong style={{ fontSize: 16, marginLeft: 8 }}>
              {best.supplierName} · {amountText(best.total)} {currency}
            </Typography.Text>
          ) : (
            <Typography.Text style={{ marginLeft: 8 }}>{t('noSingle')}</Typography.Text>
          )}
          <Small>{t('bestSingleHint')}</Small>
        </div>
      </Flex>
    </div>
  );
}

export default function InquiryComparison({ entity, row, onClose }: InquiryComparisonProps) {
  const labels = useLabels();
  const comparison = useComparisonPage<Comparison>(entity, row);
  return (
    <Modal
      open
      width={1280}
      style={{ top: 24, paddingBottom: 0 }}
      zIndex={MODAL_Z_INDEX}
      title={labels.t(`${K}.title`, { number: String(row.inquiryNum ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <ComparisonProgress query={comparison} />
      {comparison.data &&
        (comparison.data.opened ? (
          <OpenedView entity={entity} data={comparison.data} row={row} />
        ) : (
          <SealedView data={comparison.data} row={row} />
        ))}
    </Modal>
  );
}
