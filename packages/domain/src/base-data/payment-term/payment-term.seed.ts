// Demo payment terms with their nodes.
import { defineSeed } from '@srm/platform';

/** Node: [type, percent, days after the event, description]. */
type NodeSeed = readonly [string, number, number, string];
const PAYMENT_TERMS: readonly (readonly [string, string, string, string, readonly NodeSeed[]])[] = [
  [
    'NET30',
    '月结30天',
    'Net 30 days',
    '按月对账，开票后30天付清',
    [['INVOICE', 100, 30, '对账开票后30天付款']],
  ],
  [
    'NET60',
    '月结60天',
    'Net 60 days',
    '按月对账，开票后60天付清',
    [['INVOICE', 100, 60, '对账开票后60天付款']],
  ],
  [
    'INV45',
    '票到45天',
    '45 days after invoice',
    '收到合格发票后45天付款',
    [['INVOICE', 100, 45, '收票后45天付款']],
  ],
  [
    'PREPAY100',
    '款到发货',
    'Payment before shipment',
    '全额预付后供应商发货，适用于零星采购',
    [['ADVANCE', 100, 0, '下单后全额预付']],
  ],
  [
    'A30-D60-C10',
    '预付30%+到货60%+验收10%',
    '30% advance, 60% on delivery, 10% on acceptance',
    '常用于定制零部件采购',
    [
      ['ADVANCE', 30, 0, '合同签订后预付30%'],
      ['DELIVERY', 60, 30, '到货后30天支付60%'],
      ['ACCEPTANCE', 10, 30, '验收合格后30天支付尾款10%'],
    ],
  ],
  [
    'A30-C60-W10',
    '设备款：预付30%+验收60%+质保金10%',
    'Equipment: 30% advance, 60% on acceptance, 10% warranty retention',
    '适用于设备及工装采购，质保期一年',
    [
      ['ADVANCE', 30, 0, '合同签订后预付30%'],
      ['ACCEPTANCE', 60, 30, '安装验收合格后30天支付60%'],
      ['WARRANTY', 10, 365, '质保期满无质量问题后支付10%'],
    ],
  ],
];

export const paymentTermSeed = defineSeed('base-data.payment-terms', async (ctx) => {
  for (const [termCode, termName, termNameEn, description, nodes] of PAYMENT_TERMS) {
    await ctx.put(
      'srmBasePaymentTerm',
      { termCode },
      {
        termCode,
        termName,
        termNameEn,
        description,
        nodes: nodes.map(([nodeType, percent, dueDays, nodeDescription], index) => ({
          nodeNum: index + 1,
          nodeType,
          percent,
          dueDays,
          description: nodeDescription,
        })),
      },
      { nodes: ['nodeNum'] },
    );
  }
});
