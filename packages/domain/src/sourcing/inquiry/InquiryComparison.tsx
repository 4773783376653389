// 报价对比 (the comparison endpoint of an inquiry, in a dialog). Before opening the quotes stay
// sealed: how many of the invited suppliers answered, and per supplier its answer and when it last
// submitted — nothing quoted. After opening: materials down (line, material, quantity, target and
// last price fixed on the left), one column group per supplier across (unit price with its tier
// prices, brand and model, lead time; 不报价 with its reason), the lowest valid price per material
// in green, expired quotes marked; each supplier's total, the best-per-material total and the best
// single supplier below. After several rounds each supplier's offer that counts is shown, an offer
// from an earlier round marked with its round.
import type { ReactNode } from 'react';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Empty, Flex, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  type EntityDef,
  type FieldDef,
  MODAL_Z_INDEX,
  amount,
  formatDateTime,
  formatNumber,
  isNumeric,
  sum,
} from '@srm/kernel';
import { useLabels, useSession } from '@srm/platform-ui';
import { ComparisonProgress, useComparison } from './comparisonQuery';
import { inquiryQuoteLine } from '../inquiry-quote/inquiry-quote.entity';
import { inquiryItem } from './inquiry.entity';

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

interface Comparison {
  readonly inquiryNum: string;
  readonly quoteDeadline: number | string | null;
  readonly invitedCount: number;
  readonly answeredCount: number;
  readonly roundNum: number;
  readonly opened: boolean;
  readonly suppliers: readonly Answer[];
  readonly columns?: readonly QuoteColumn[];
  readonly items: readonly ItemRow[];
  readonly bestPerItemTotal?: number;
  readonly bestSingleSupplier?: { supplierId: number; supplierName: string; total: number } | null;
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
const WIDTH = { line: 56, material: 190, quantity: 110, price: 100, offer: 160, lead: 80, saving: 120 };

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

/** After opening: materials down, suppliers across, the best offers below. */
function OpenedView({ data, row }: { data: Comparison; row: Row }) {
  const labels = useLabels();
  const quotes = data.columns ?? [];
  const items = [...data.items];
  if (!quotes.length) return <Empty description={labels.t(`${K}.noQuotes`)} />;
  const t = (key: string) => labels.t(`${K}.${key}`);
  const right = { align: 'right' as const };
  const columns: ColumnsType<ItemRow> = [
    { title: t('line'), dataIndex: 'lineNum', width: WIDTH.line, fixed: 'left', align: 'center' },
    {
      title: t('material'),
      key: 'material',
      width: WIDTH.material,
      fixed: 'left',
      render: (_value, item) => (
        <>
          <Typography.Text ellipsis={{ tooltip: String(item.itemName ?? '') }} style={{ maxWidth: '100%' }}>
            {String(item.itemName ?? '')}
          </Typography.Text>
          {item.needByDate && <Small>{labels.t(`${K}.needBy`, { date: item.needByDate })}</Small>}
        </>
      ),
    },
    {
      title: t('quantity'),
      key: 'quantity',
      width: WIDTH.quantity,
      fixed: 'left',
      ...right,
      render: (_value, item) => (
        <>
          {quantityText(item.quantity)}
          {item.uomName ? <Typography.Text type="secondary"> {String(item.uomName)}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: t('targetPrice'),
      dataIndex: 'targetPrice',
      width: WIDTH.price,
      fixed: 'left',
      ...right,
      render: (value: number | null) => (value === null ? <Dash /> : priceText(value)),
    },
    {
      title: <Tooltip title={t('lastPriceHint')}>{t('lastPrice')}</Tooltip>,
      dataIndex: 'lastPrice',
      width: WIDTH.price,
      fixed: 'left',
      ...right,
      render: (value: number | null) => (value === null ? <Dash /> : priceText(value)),
    },
    ...quotes.map((quote) => ({
      key: `supplier-${quote.supplierId}`,
      title: <SupplierHead column={quote} />,
      children: [
        {
          title: t('unitPrice'),
          key: `price-${quote.supplierId}`,
          width: WIDTH.offer,
          ...right,
          onCell: (item: ItemRow) => ({
            style: item.offers[quote.supplierId]?.lowest ? { background: LOWEST_BACKGROUND } : {},
          }),
          render: (_value: unknown, item: ItemRow) => (
            <OfferCell offer={item.offers[quote.supplierId]} round={data.roundNum} />
          ),
        },
        {
          title: t('leadTime'),
          key: `lead-${quote.supplierId}`,
          width: WIDTH.lead,
          ...right,
          render: (_value: unknown, item: ItemRow) => {
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
      children: [
        {
          title: t('lowestPrice'),
          dataIndex: 'lowestPrice',
          width: WIDTH.saving,
          ...right,
          render: (value: number | null) =>
            value === null ? <Dash /> : <Typography.Text strong>{priceText(value)}</Typography.Text>,
        },
        {
          title: t('savingVsTarget'),
          dataIndex: 'savingVsTarget',
          width: WIDTH.saving,
          ...right,
          render: (value: number | null) => <Saving value={value} />,
        },
        {
          title: t('savingVsLast'),
          dataIndex: 'savingVsLast',
          width: WIDTH.saving,
          ...right,
          render: (value: number | null) => <Saving value={value} />,
        },
      ],
    },
  ];
  const savings = (pick: (item: ItemRow) => number | null) =>
    items.some((item) => pick(item) !== null) ? sum(items, pick).toNumber() : null;
  const best = data.bestSingleSupplier ?? null;
  // Every column keeps its width; many suppliers scroll sideways under the fixed materials.
  const tableWidth =
    WIDTH.line +
    WIDTH.material +
    WIDTH.quantity +
    2 * WIDTH.price +
    quotes.length * (WIDTH.offer + WIDTH.lead) +
    3 * WIDTH.saving;
  const tax = row.taxIncludedFlag === 'N' ? t('taxExcluded') : t('taxIncluded');
  const currency = typeof row.currencyCode === 'string' ? row.currencyCode : '';
  return (
    <div data-testid="inquiry-comparison">
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
      <Table<ItemRow>
        size="small"
        bordered
        rowKey="inquiryItemId"
        pagination={false}
        dataSource={items}
        columns={columns}
        scroll={{ x: tableWidth, y: 'calc(100vh - 470px)' }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5} align="right">
                <Typography.Text strong>{t('total')}</Typography.Text>
              </Table.Summary.Cell>
              {quotes.map((quote, at) => (
                <Table.Summary.Cell key={quote.supplierId} index={5 + 2 * at} colSpan={2} align="right">
                  <Typography.Text strong type={quote.expired ? 'secondary' : undefined}>
                    {amountText(quote.totalAmount)}
                  </Typography.Text>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={5 + 2 * quotes.length} align="right">
                <Tooltip title={t('bestPerItemHint')}>
                  <Typography.Text strong>{amountText(data.bestPerItemTotal)}</Typography.Text>
                </Tooltip>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6 + 2 * quotes.length} align="right">
                <Saving value={savings((item) => item.savingVsTarget)} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7 + 2 * quotes.length} align="right">
                <Saving value={savings((item) => item.savingVsLast)} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      <Flex gap={32} wrap style={{ marginTop: 12 }}>
        <div>
          <Typography.Text type="secondary">{t('bestPerItem')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 16, marginLeft: 8 }}>
            {amountText(data.bestPerItemTotal)} {currency}
          </Typography.Text>
          <Small>{t('bestPerItemHint')}</Small>
        </div>
        <div>
          <Typography.Text type="secondary">{t('bestSingle')}</Typography.Text>
          {best ? (
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
  const comparison = useComparison<Comparison>(entity, row);
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
          <OpenedView data={comparison.data} row={row} />
        ) : (
          <SealedView data={comparison.data} row={row} />
        ))}
    </Modal>
  );
}
