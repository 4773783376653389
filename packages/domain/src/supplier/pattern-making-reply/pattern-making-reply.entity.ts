// A supplier's pattern-making reply (打样报价与结果): made for each supplier when the buyer sends a
// pattern-making request, with the request's materials and copies of its drawings — all the
// supplier reads of the request. The supplier quotes a sample fee and a lead time per material
// (报价) or declines (谢绝); the buyer may send the quote back. The fee then goes through expense
// approval (PATTERN_FEE_APPROVAL: 提交费用审批 → 审批通过, after which the supplier makes and
// ships the samples); the buyer approves or rejects each material's samples with a comment the
// supplier reads, and finishes the reply once every shipped material is decided.
import {
  amount,
  approvalWorkflow,
  attachments,
  date,
  defineEntity,
  lookup,
  number,
  quantity,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { PATTERN_REPLY_STATES, prototypeMaterial } from '../pattern-making/pattern-making.entity';

export const PATTERN_FEE_PROCESS = 'PATTERN_FEE_APPROVAL';
/** The supplier quotes while the reply is a draft (to quote, or sent back). */
export const QUOTE_STATES = ['DRAFT'];
/** The fee is approved: the supplier makes and ships the samples, the buyer decides them. */
export const MAKING_STATES = ['APPROVED'];
export const SAMPLE_RESULTS = ['PENDING', 'APPROVED', 'REJECTED'] as const;

const supplierQuote = { writableBy: ['supplier'] as const, editableOnlyIn: QUOTE_STATES };
const supplierShipment = { writableBy: ['supplier'] as const, editableOnlyIn: MAKING_STATES };
const buyerResult = { writableBy: ['internal'] as const, editableOnlyIn: MAKING_STATES };

export const patternMakingReplyLine = defineEntity('srmPatternMakingReplyLine', {
  area: 'supplier',
  key: 'replyLineId',
  parent: { entity: 'srmPatternMakingReply', field: 'replyId' },
  // The request's materials, as sent; the supplier writes its quote and shipment on them, the
  // buyer (its fields say so) the results.
  rowsByPlatform: true,
  writableBy: ['supplier'],
  fields: {
    ...prototypeMaterial({ readonly: true }),
    /** The supplier's fee for this material's samples (tooling, material, testing). */
    sampleFee: amount({ min: 0, ...supplierQuote }),
    /** Days from the fee's approval to the samples' shipment. */
    leadTimeDays: number({ precision: 0, min: 1, max: 365, ...supplierQuote }),
    supplierRemark: text({ max: 500, ...supplierQuote }),
    shippedQuantity: quantity({ min: 0, ...supplierShipment }),
    shipDate: date(supplierShipment),
    waybillNo: text({ max: 60, ...supplierShipment }),
    /** The supplier's own measurement and test reports. */
    reportIds: attachments(supplierShipment),
    sampleResult: lookup('SRM_PATTERN_SAMPLE_RESULT', {
      codes: SAMPLE_RESULTS,
      default: 'PENDING',
      ...buyerResult,
    }),
    /** Why, for the supplier to read (dimensions out of tolerance, material…). */
    resultComment: text({ max: 1000, ...buyerResult }),
  },
  unique: [['replyId', 'lineNum']],
  list: {
    // What the supplier fills in right after what it quotes for; the drawing data after that.
    columns: [
      'lineNum',
      'materialName',
      'sampleQuantity',
      'uomName',
      'sampleFee',
      'leadTimeDays',
      'supplierRemark',
      'itemCode',
      'specification',
      'drawingNo',
      'shippedQuantity',
      'shipDate',
      'waybillNo',
      'reportIds',
      'sampleResult',
      'resultComment',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const patternMakingReply = defineEntity('srmPatternMakingReply', {
  area: 'supplier',
  key: 'replyId',
  display: 'replyNum',
  numbering: { field: 'replyNum', pattern: 'PR{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  supplierVisibleIn: [...PATTERN_REPLY_STATES],
  // Made by sending the request (never by a client); the supplier writes its quote and shipment,
  // the buyer the results (its fields say so) and the workflow's steps.
  writableBy: ['supplier'],
  fields: {
    replyNum: text({ readonly: true, max: 30 }),
    patternMakingId: ref('srmPatternMaking', {
      required: true,
      display: 'patternNum',
      displayAs: 'patternNum',
      readonly: true,
    }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName', readonly: true }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', readonly: true }),
    title: text({ max: 120, readonly: true }),
    requestNote: textarea({ max: 2000, readonly: true }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      readonly: true,
    }),
    quoteDueDate: date({ readonly: true }),
    needByDate: date({ readonly: true }),
    /** Copies of the request's drawings, for this supplier to read. */
    drawingIds: attachments({ readonly: true }),
    /** The sum of the materials' fees, and the longest lead time (the platform's, on every save). */
    totalFee: amount({ readonly: true }),
    leadTimeDays: number({ precision: 0, readonly: true }),
    /** The supplier's note on its quote, and its quotation document. */
    quoteNote: textarea({ max: 1000, ...supplierQuote }),
    quoteFileIds: attachments(supplierQuote),
    quotedDate: date({ readonly: true }),
    /** Why the supplier declined, or why the buyer sent the quote back, or closed the reply. */
    replyComment: textarea({ max: 1000, readonly: true }),
    /** The buyer's conclusion on the samples, for the supplier to read. */
    resultNote: textarea({ max: 2000, ...buyerResult }),
    finishedDate: date({ readonly: true }),
  },
  lines: { lines: patternMakingReplyLine },
  list: {
    columns: [
      'replyNum',
      'patternNum',
      'title',
      'supplierName',
      'orgName',
      'quoteDueDate',
      'totalFee',
      'currencyCode',
      'leadTimeDays',
      'status',
      'quotedDate',
      'finishedDate',
    ],
    filters: [
      { field: 'replyNum', op: 'prefix' },
      'patternMakingId',
      'supplierId',
      'orgId',
      'status',
      'quoteDueDate',
    ],
    sort: [{ field: 'replyId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'replyNum',
          'patternMakingId',
          'title',
          'supplierId',
          'orgId',
          'quoteDueDate',
          'needByDate',
          'status',
          'requestNote',
          'drawingIds',
        ],
      },
      {
        key: 'quote',
        fields: [
          'totalFee',
          'currencyId',
          'leadTimeDays',
          'quotedDate',
          'quoteNote',
          'quoteFileIds',
          'replyComment',
        ],
      },
      { key: 'result', fields: ['finishedDate', 'resultNote'] },
    ],
  },
  workflow: approvalWorkflow(PATTERN_FEE_PROCESS, {
    statusLookup: 'SRM_PATTERN_REPLY_STATUS',
    states: ['QUOTED', 'DECLINED', 'FINISHED', 'CLOSED', 'CANCELLED'],
    submitFrom: ['QUOTED', 'REJECTED'],
    withdrawTo: 'QUOTED',
    // The fields say who writes what when (supplierQuote, supplierShipment, buyerResult).
    editableIn: ['DRAFT', 'APPROVED'],
    deletableIn: [],
    actions: {
      /** The supplier's quote: a fee and a lead time for every material. */
      doQuote: { from: ['DRAFT'], to: 'QUOTED', side: 'supplier', confirm: true },
      /** The supplier will not make these prototypes. */
      doDecline: { from: ['DRAFT'], to: 'DECLINED', side: 'supplier', needs: ['comment'], danger: true },
      /** The buyer sends the quote back to be revised. */
      doReturnQuote: { from: ['QUOTED', 'REJECTED'], to: 'DRAFT', needs: ['comment'] },
      /** Every shipped material's samples decided: the supplier reads the results. */
      doFinish: { from: ['APPROVED'], to: 'FINISHED', confirm: true },
      /** Closed with its request, never taken on. */
      doClose: { from: ['DRAFT', 'QUOTED', 'REJECTED'], to: 'CLOSED', system: true },
      doCancel: {
        from: ['DRAFT', 'QUOTED', 'REJECTED', 'APPROVED'],
        to: 'CANCELLED',
        needs: ['comment'],
        danger: true,
      },
    },
  }),
});
