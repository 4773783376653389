// A supplier's quotation to an inquiry (报价): made for each invited supplier when the inquiry is
// published, with the inquiry's terms, materials and tiers and copies of its documents — all the
// supplier reads of the inquiry (inquiryViewToSupplier), never who else was asked. The supplier
// prices every material and tier (or gives no quote for it, with a reason) and submits before the
// deadline, or declines the whole inquiry. To revise a submitted quote it makes the next version
// (doRevise), which counts once submitted; the earlier one stays, superseded. Until the inquiry is
// opened, every priced value is sealed: stored as ciphertext, masked to everyone but the supplier
// itself, administrators and the buyer included.
import {
  attachments,
  checkbox,
  date,
  datetime,
  defineEntity,
  lookup,
  number,
  price,
  ref,
  text,
  textarea,
} from '@srm/kernel';

export const QUOTE_STATES = [
  'DRAFT',
  'SUBMITTED',
  'SUPERSEDED',
  'DECLINED',
  'UNANSWERED',
  'DISCARDED',
  'CANCELLED',
] as const;
export const AWARD_RESULTS = ['AWARDED', 'PARTIAL', 'NOT_AWARDED'] as const;

/** Sealed until the inquiry is opened; written by the supplier while its quote is a draft. */
const sealedQuote = { sealed: { openedBy: 'doOpen' }, writableBy: ['supplier'] as const } as const;

export const inquiryQuoteLine = defineEntity('srmInquiryQuoteLine', {
  area: 'sourcing',
  key: 'quoteLineId',
  parent: { entity: 'srmInquiryQuote', field: 'quoteId' },
  // The inquiry's materials and tiers, as published; the supplier writes its prices on them.
  rowsByPlatform: true,
  writableBy: ['supplier'],
  fields: {
    lineNum: number({ required: true, precision: 0, min: 1, max: 99999, readonly: true }),
    /** The inquiry's material line this prices (the inquiry itself stays internal). */
    inquiryItemId: number({ precision: 0, readonly: true }),
    itemLineNum: number({ precision: 0, readonly: true }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', readonly: true }),
    // Numbers, not quantities: a material's tiers repeat its quantity, so no column total.
    quantity: number({ precision: 4, readonly: true }),
    uomId: ref('srmBaseUom', { display: 'uomName', readonly: true }),
    needByDate: date({ readonly: true }),
    /** The tier this price holds from (0: the base quantity). */
    fromQuantity: number({ precision: 4, readonly: true }),
    unitPrice: price({ min: 0.000001, ...sealedQuote }),
    taxRate: number({ precision: 2, min: 0, max: 100, ...sealedQuote }),
    leadTimeDays: number({ precision: 0, min: 0, max: 999, ...sealedQuote }),
    brand: text({ max: 60, ...sealedQuote }),
    model: text({ max: 120, ...sealedQuote }),
    warrantyMonths: number({ precision: 0, min: 0, max: 240, ...sealedQuote }),
    /** No price for this material (its reason says why). */
    noQuoteFlag: checkbox(sealedQuote),
    noQuoteReason: text({ max: 500, ...sealedQuote }),
    remark: text({ max: 500, ...sealedQuote }),
  },
  unique: [['quoteId', 'lineNum']],
  // A page of the comparison reads the lines of its materials across every quotation.
  indexes: [['inquiryItemId']],
  list: {
    columns: [
      'itemLineNum',
      'itemName',
      'quantity',
      'uomName',
      'fromQuantity',
      'unitPrice',
      'taxRate',
      'leadTimeDays',
      'brand',
      'model',
      'warrantyMonths',
      'noQuoteFlag',
      'noQuoteReason',
      'needByDate',
      'remark',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const inquiryQuote = defineEntity('srmInquiryQuote', {
  area: 'sourcing',
  key: 'quoteId',
  display: 'quoteNum',
  numbering: { field: 'quoteNum', pattern: 'QT{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // One data key per inquiry seals its quotations and their lines (ADR 0041).
  sealedPer: 'inquiryId',
  orgScoped: 'orgId',
  supplierVisibleIn: [...QUOTE_STATES],
  // Made by publishing the inquiry (never by a client); the supplier writes its prices.
  writableBy: ['supplier'],
  fields: {
    quoteNum: text({ readonly: true, max: 30 }),
    inquiryId: ref('srmInquiry', {
      required: true,
      display: 'inquiryNum',
      displayAs: 'inquiryNum',
      readonly: true,
    }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName', readonly: true }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', readonly: true }),
    /** The version of this supplier's quote (every submitted one is kept). */
    quoteVersion: number({ precision: 0, min: 1, readonly: true }),
    /**
     * The inquiry's round it answers (a new round asks again for chosen materials). Internal: the
     * number would tell a supplier how often others were asked.
     */
    roundNum: number({ precision: 0, readonly: true, internalOnly: true }),
    title: text({ max: 120, readonly: true }),
    requestNote: textarea({ max: 4000, readonly: true }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      readonly: true,
    }),
    taxIncludedFlag: checkbox({ readonly: true }),
    quoteDeadline: datetime({ readonly: true }),
    validityRequiredFlag: checkbox({ readonly: true }),
    /** Copies of the inquiry's documents, for this supplier to read. */
    attachmentIds: attachments({ readonly: true }),
    /** Until when the prices hold. */
    validToDate: date(sealedQuote),
    quoteNote: textarea({ max: 2000, ...sealedQuote }),
    /** The base quantities priced (the platform's, on every save). */
    totalAmount: price({ sealed: { openedBy: 'doOpen' }, readonly: true }),
    submittedDate: datetime({ readonly: true }),
    /** Why the supplier declined. */
    declineReason: textarea({ max: 1000, readonly: true }),
    /** Its prices no longer hold (validity date passed; marked daily after opening). */
    expiredFlag: checkbox({ readonly: true }),
    /** The deadline reminders sent while it was not submitted: 24 (a day before), then 2 (hours). */
    remindedHours: number({ precision: 0, readonly: true }),
    /** After the award: what this supplier won (its own result only). */
    awardResult: lookup('SRC_AWARD_RESULT', { codes: AWARD_RESULTS, readonly: true }),
  },
  lines: { lines: inquiryQuoteLine },
  list: {
    columns: [
      'quoteNum',
      'inquiryNum',
      'title',
      'supplierName',
      'orgName',
      'roundNum',
      'quoteVersion',
      'quoteDeadline',
      'currencyCode',
      'totalAmount',
      'status',
      'submittedDate',
      'awardResult',
    ],
    filters: [
      { field: 'quoteNum', op: 'prefix' },
      'inquiryId',
      'supplierId',
      'orgId',
      'status',
      'quoteDeadline',
    ],
    sort: [{ field: 'quoteId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'quoteNum',
          'inquiryId',
          'title',
          'supplierId',
          'orgId',
          'roundNum',
          'quoteVersion',
          'quoteDeadline',
          'currencyId',
          'taxIncludedFlag',
          'status',
          'requestNote',
          'attachmentIds',
        ],
      },
      {
        key: 'quote',
        fields: [
          'validToDate',
          'expiredFlag',
          'totalAmount',
          'submittedDate',
          'quoteNote',
          'declineReason',
          'awardResult',
        ],
      },
    ],
  },
  workflow: {
    states: [...QUOTE_STATES],
    initial: 'DRAFT',
    statusLookup: 'SRC_QUOTE_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: [],
    actions: {
      /** Submits this version before the deadline; an earlier submitted one is superseded. */
      doSubmit: { from: ['DRAFT'], to: 'SUBMITTED', side: 'supplier', confirm: true },
      /** Makes the next version to revise (the submitted one counts until that is submitted). */
      doRevise: { from: ['SUBMITTED'], side: 'supplier' },
      /** No quote for the whole inquiry, with the reason. */
      doDecline: { from: ['DRAFT'], to: 'DECLINED', side: 'supplier', needs: ['comment'], danger: true },
      /** The inquiry was opened: the sealed values become readable. */
      doOpen: { from: [...QUOTE_STATES], system: true },
      doSupersede: { from: ['SUBMITTED'], to: 'SUPERSEDED', system: true },
      /** The deadline passed on a first version never submitted. */
      doMarkUnanswered: { from: ['DRAFT'], to: 'UNANSWERED', system: true },
      /** The deadline passed on a revision never submitted: the earlier version counts. */
      doDiscard: { from: ['DRAFT'], to: 'DISCARDED', system: true },
      doCancel: { from: ['DRAFT', 'SUBMITTED'], to: 'CANCELLED', needs: ['comment'], system: true },
    },
  },
});
