// The line collections of a contract (采购合同): its items (合同标的: material, quantity, price
// with tax, need-by date and delivery site), its payment stages (付款阶段: a milestone with a
// ratio of the total, the amount the server allots and what was paid against it) and its clauses
// (合同条款: copied from the clause library at the version they had, editable per contract).
import {
  type ComputeContext,
  amount,
  attachments,
  date,
  defineEntity,
  lookup,
  number,
  price,
  quantity,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { CONTRACT_PRICE_PRECISION, lineAmounts } from '../contract-amounts';

type Values = Readonly<Record<string, unknown>>;

const computedAmount =
  (pick: (a: ReturnType<typeof lineAmounts>) => number) => (row: Values, context: ComputeContext) =>
    pick(lineAmounts(row, context.header?.taxIncludedFlag === 'Y'));

export const contractItem = defineEntity('srmCctContractItem', {
  area: 'contract',
  key: 'contractItemId',
  parent: { entity: 'srmCctContract', field: 'contractId' },
  display: 'itemDescription',
  fields: {
    lineNum: number({ required: true, min: 1, sequence: { step: 1 } }),
    itemId: ref('srmBaseItem', {
      display: 'itemName',
      brings: ['uomId'],
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** What is bought, in the contract's words: the material's name unless written (a service or a tool may have no material). */
    itemDescription: text({ max: 240 }),
    specification: text({ max: 240 }),
    uomId: ref('srmBaseUom', { required: true, display: 'uomName', filter: () => ({ enabledFlag: 'Y' }) }),
    quantity: quantity({ required: true, min: 0.0001 }),
    /**
     * Unit price excluding tax, to 10 decimals: a price agreed with tax (the header's 含税计价)
     * divided by 1 + rate loses nothing an amount can show.
     */
    unitPrice: price({ required: true, min: 0, precision: CONTRACT_PRICE_PRECISION }),
    taxRate: number({ required: true, precision: 2, min: 0, max: 100, default: 13 }),
    unitPriceInclTax: price({ readonly: true, computed: computedAmount((a) => a.priceIncl) }),
    amountExclTax: amount({ readonly: true, computed: computedAmount((a) => a.excl) }),
    taxAmount: amount({ readonly: true, computed: computedAmount((a) => a.tax) }),
    amountInclTax: amount({ readonly: true, computed: computedAmount((a) => a.incl) }),
    needByDate: date(),
    deliverySite: text({ max: 240 }),
    remark: text({ max: 240 }),
    /** What orders under the contract took of the line (合同执行): ordered, or received of a closed line. */
    executedQuantity: quantity({ readonly: true, default: 0 }),
    executedAmount: amount({ readonly: true, default: 0 }),
    /**
     * The line of the document it was drafted from (an award line: `INQUIRY:AW…:L:12`); unique, so
     * that a hand-off run twice cannot make the same line twice. Copies (alterations) leave it empty.
     */
    sourceLineKey: text({ max: 80, unique: true, readonly: true, internalOnly: true }),
  },
  list: {
    columns: [
      'lineNum',
      'itemId',
      'itemDescription',
      'specification',
      'uomName',
      'quantity',
      'unitPrice',
      'taxRate',
      'unitPriceInclTax',
      'amountExclTax',
      'amountInclTax',
      'needByDate',
      'deliverySite',
      'remark',
      'executedQuantity',
      'executedAmount',
    ],
    filters: ['itemId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

/** When a payment stage falls due (付款节点). */
export const STAGE_MILESTONES = ['SIGNING', 'DELIVERY', 'ACCEPTANCE', 'WARRANTY_END', 'DATE'] as const;
export const PAYMENT_METHODS = ['TRANSFER', 'ACCEPTANCE_BILL', 'CHEQUE', 'OTHER'] as const;
/** A stage is not yet payable, payable (its milestone met), or paid in full. */
export const STAGE_STATES = ['NOT_ARRIVED', 'PENDING', 'COMPLETED'] as const;

export const contractStage = defineEntity('srmCctContractStage', {
  area: 'contract',
  key: 'contractStageId',
  parent: { entity: 'srmCctContract', field: 'contractId' },
  display: 'stageName',
  fields: {
    /** The contract, named by its number: a picker of stages (a payment line's 付款节点) tells them apart by it. */
    contractId: ref('srmCctContract', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'contractNumber',
      displayAs: 'contractNumber',
    }),
    stageNum: number({ required: true, min: 1, sequence: { step: 1 } }),
    stageName: text({ required: true, max: 60 }),
    milestone: lookup('CCT_STAGE_MILESTONE', { required: true, codes: STAGE_MILESTONES }),
    /** The due date of a DATE stage, else the date planned for the milestone. */
    plannedDate: date(),
    /** Percent of the contract's amount including tax; the stages add up to 100. */
    ratio: number({ required: true, precision: 2, min: 0.01, max: 100 }),
    /** The stage's share of the total: ratio × total at the currency's precision; the last stage takes the remainder (set on save). */
    stageAmount: amount({ readonly: true }),
    paymentMethod: lookup('CCT_PAYMENT_METHOD', { codes: PAYMENT_METHODS }),
    /** Days after the milestone the payment is due. */
    daysAfter: number({ min: 0, max: 3650, default: 0 }),
    /** Percent held back until the warranty ends (质保金). */
    retentionRatio: number({ precision: 2, min: 0, max: 100, default: 0 }),
    stageStatus: lookup('CCT_STAGE_STATUS', { readonly: true, codes: STAGE_STATES, default: 'NOT_ARRIVED' }),
    paidAmount: amount({ readonly: true, default: 0 }),
    remark: text({ max: 240 }),
  },
  list: {
    columns: [
      'stageNum',
      'stageName',
      'milestone',
      'plannedDate',
      'ratio',
      'stageAmount',
      'paymentMethod',
      'daysAfter',
      'retentionRatio',
      'stageStatus',
      'paidAmount',
      'remark',
    ],
    filters: ['milestone', 'stageStatus'],
    sort: [{ field: 'stageNum', order: 'asc' }],
    search: ['contractNumber', 'stageName'],
    pick: ['contractNumber', 'stageNum', 'plannedDate', 'stageAmount', 'paidAmount'],
  },
});

export const contractClause = defineEntity('srmCctContractClause', {
  area: 'contract',
  key: 'contractClauseId',
  parent: { entity: 'srmCctContract', field: 'contractId' },
  display: 'termsTitle',
  fields: {
    sequenceNum: number({ required: true, min: 1, sequence: { step: 1 } }),
    /** The clause of the library it was copied from (picking it brings its title and text), at the version it had then. */
    termsId: ref('srmCctTerms', {
      display: 'termsCode',
      brings: ['termsTitle', 'termsBody'],
      filter: () => ({ status: 'EFFECTIVE' }),
    }),
    termsVersion: number({ readonly: true }),
    termsTitle: text({ required: true, max: 200 }),
    /** The wording in this contract: the library's, or changed for it (the approver sees the difference). */
    termsBody: textarea({ required: true, max: 20000, rich: true }),
    /** The library's text when copied: what the approver compares the contract's wording with. */
    libraryBody: textarea({ readonly: true, max: 20000, rich: true }),
  },
  list: {
    columns: ['sequenceNum', 'termsId', 'termsVersion', 'termsTitle', 'termsBody'],
    filters: ['termsId'],
    sort: [{ field: 'sequenceNum', order: 'asc' }],
  },
});

/** What a document of a contract is: generated from its template, a revision either side uploaded, the finalized PDF, a signed revision of it. */
export const DOCUMENT_KINDS = ['GENERATED', 'REVISION', 'FINALIZED', 'SIGNED'] as const;

export const contractDocument = defineEntity('srmCctContractDocument', {
  area: 'contract',
  key: 'contractDocumentId',
  parent: { entity: 'srmCctContract', field: 'contractId' },
  rowsByPlatform: true,
  display: 'fileName',
  fields: {
    versionNo: number({ readonly: true, min: 1 }),
    documentKind: lookup('CCT_DOCUMENT_KIND', { readonly: true, codes: DOCUMENT_KINDS }),
    fileIds: attachments({ readonly: true, maxCount: 1 }),
    fileName: text({ readonly: true, max: 240 }),
    /** The SHA-256 of the file as stored: what a download is checked against. */
    sha256: text({ readonly: true, max: 64 }),
    fileSize: number({ readonly: true }),
    authorSide: lookup('CCT_AUTHOR_SIDE', { readonly: true, codes: ['internal', 'supplier'] }),
    authorName: text({ readonly: true, max: 120 }),
    /** Tracked insertions and deletions in an uploaded revision. */
    trackedChanges: number({ readonly: true }),
    remark: text({ readonly: true, max: 500 }),
  },
  list: {
    columns: [
      'versionNo',
      'documentKind',
      'fileIds',
      'authorSide',
      'authorName',
      'trackedChanges',
      'sha256',
      'fileSize',
      'remark',
      'creationDate',
    ],
    sort: [{ field: 'versionNo', order: 'desc' }],
  },
});

/** What a refund line is for: a mould fee (模具费) or a sample fee (样品费). */
export const REFUND_FEE_TYPES = ['MOULD', 'SAMPLE'] as const;
/** When the fee is refunded: once the received quantity of a contract line reaches a figure, or on a date. */
export const REFUND_CONDITIONS = ['QUANTITY', 'DATE'] as const;
/**
 * PENDING until its condition is met (DUE, by the daily program); then REFUNDED or WAIVED by the
 * buyer, or DEDUCTED: a fee the buyer paid, withheld from the supplier's payments by a deduction.
 */
export const REFUND_STATES = ['PENDING', 'DUE', 'REFUNDED', 'WAIVED', 'DEDUCTED'] as const;

/**
 * 模具费/样品费返还 (ADR 0031): a fee one party paid on condition of its refund — commonly the
 * buyer's mould fee, refunded by the supplier once enough parts were received — with the
 * condition, its progress (the received quantity of the contract line it names by number) and
 * its state.
 */
export const contractRefund = defineEntity('srmCctContractRefund', {
  area: 'contract',
  key: 'contractRefundId',
  parent: { entity: 'srmCctContract', field: 'contractId' },
  display: 'lineNum',
  fields: {
    lineNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    feeType: lookup('CCT_REFUND_FEE_TYPE', { required: true, codes: REFUND_FEE_TYPES, default: 'MOULD' }),
    feeAmount: amount({ required: true, min: 0.01 }),
    /** Who paid the fee and is refunded: the buyer (by the supplier) or the supplier (by the buyer). */
    paidBy: lookup('CCT_FEE_PAYER', { required: true, codes: ['BUYER', 'SUPPLIER'], default: 'BUYER' }),
    conditionType: lookup('CCT_REFUND_CONDITION', {
      required: true,
      codes: REFUND_CONDITIONS,
      default: 'QUANTITY',
    }),
    /** The contract line (its 行号) whose received quantity counts. */
    itemLineNum: number({ min: 1, max: 99999 }),
    /** A figure, not a quantity moved: not summed under the grid. */
    thresholdQuantity: number({ precision: 4, min: 0.0001, max: 99999999999 }),
    refundDate: date(),
    /** Received so far of the contract line's orders (the daily program counts it). */
    receivedQuantity: quantity({ readonly: true, default: 0 }),
    refundStatus: lookup('CCT_REFUND_STATUS', { readonly: true, codes: REFUND_STATES, default: 'PENDING' }),
    settledDate: date({ readonly: true }),
    /** The settlement deduction that withholds it (DEDUCTED). */
    deductionNumber: text({ readonly: true, max: 30 }),
    remark: text({ max: 240 }),
  },
  rules: [
    (row) =>
      row.conditionType === 'QUANTITY' && (!row.itemLineNum || !row.thresholdQuantity)
        ? { field: 'thresholdQuantity', message: 'srmCctContractRefund.quantityCondition' }
        : row.conditionType === 'DATE' && !row.refundDate
          ? { field: 'refundDate', message: 'srmCctContractRefund.dateCondition' }
          : null,
  ],
  unique: [['contractId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'feeType',
      'feeAmount',
      'paidBy',
      'conditionType',
      'itemLineNum',
      'thresholdQuantity',
      'refundDate',
      'receivedQuantity',
      'refundStatus',
      'settledDate',
      'deductionNumber',
      'remark',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});
