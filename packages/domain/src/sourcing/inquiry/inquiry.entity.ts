// The buyer's inquiry (询价单, inquiryProposal): materials with their quantity tiers (阶梯), the
// suppliers invited, the people who open it, a quote deadline on the server's clock. Approval
// publishes it: each invited supplier gets its own quotation (srmInquiryQuote, ../inquiry-quote)
// with the inquiry's terms and materials, the only part of the inquiry a supplier ever reads — never
// who else was asked. Quotes stay sealed until two people (the owner and a jury opener, by default)
// have opened the inquiry after the deadline; the award (srmInquiryAward, ../inquiry-award) follows.
import {
  approvalWorkflow,
  attachments,
  checkbox,
  date,
  datetime,
  defineEntity,
  internalUser,
  lookup,
  number,
  price,
  quantity,
  ref,
  refs,
  text,
  textarea,
} from '@srm/kernel';
import { ORDERABLE_SUPPLIER_STATES, eligibilityAdvice } from '../../supplier';

/** The approval that publishes an inquiry (its template: ../approval.ts). */
export const INQUIRY_PROCESS = 'SRC_INQUIRY_APPROVAL';

/** Where a supplier's answer stands, mirrored on the inquiry's supplier row. */
export const ANSWER_STATES = ['NONE', 'ANSWERED', 'DECLINED'] as const;
export const JURY_ROLES = ['OPENER', 'EVALUATOR', 'ENGINEER'] as const;

export const inquiryItem = defineEntity('srmInquiryItem', {
  area: 'sourcing',
  key: 'inquiryItemId',
  parent: { entity: 'srmInquiry', field: 'inquiryId' },
  rowsEditableIn: ['DRAFT', 'REJECTED'],
  fields: {
    lineNum: number({ required: true, precision: 0, min: 1, max: 9999, sequence: { step: 1 } }),
    itemId: ref('srmBaseItem', {
      required: true,
      display: 'itemName',
      filter: () => ({ enabledFlag: 'Y' }),
      brings: ['uomId'],
    }),
    quantity: quantity({ required: true, min: 0.0001 }),
    uomId: ref('srmBaseUom', { display: 'uomName' }),
    needByDate: date(),
    /**
     * Further quantity tiers the suppliers price separately (阶梯报价), as the quantities they
     * start from, e.g. "1000,5000": each supplier prices the base quantity and every tier.
     */
    ladder: text({ max: 200 }),
    /** The buyer's target price: never shown to a supplier. */
    targetPrice: price({ min: 0, internalOnly: true }),
    remark: text({ max: 500 }),
    /**
     * The requisition line this material was asked for (由申请创建): the award's approval drafts an
     * order for it from what then remains on the line.
     */
    requisitionLineId: ref('srmPurRequisitionLine', {
      readonly: true,
      internalOnly: true,
      indexed: true,
      // A link the platform writes: reading the event does not open the requisition lines.
      grantsRead: false,
    }),
    /**
     * Every requisition line this material was asked for, where lines of several requisitions
     * asking for the same item were merged into it (ids, comma-separated; the first is above; room
     * for the 500 lines an event may be made of).
     */
    requisitionLineIds: text({ readonly: true, internalOnly: true, max: 8000 }),
    /** Its requisitions' numbers, as shown. */
    requisitionNum: text({ readonly: true, internalOnly: true, max: 200 }),
    /** The last round of quotes that priced it (a new round asks again for chosen materials). */
    roundNum: number({ precision: 0, readonly: true }),
  },
  unique: [['inquiryId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'itemName',
      'quantity',
      'uomName',
      'needByDate',
      'ladder',
      'targetPrice',
      'requisitionNum',
      'roundNum',
      'remark',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const inquirySupplier = defineEntity('srmInquirySupplier', {
  area: 'sourcing',
  key: 'inquirySupplierId',
  parent: { entity: 'srmInquiry', field: 'inquiryId' },
  rowsEditableIn: ['DRAFT', 'REJECTED'],
  fields: {
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
      offer: { status: ORDERABLE_SUPPLIER_STATES, blacklistFlag: 'N' },
      advice: eligibilityAdvice('INVITE', 'items'),
    }),
    /** Where its answer stands; before opening, no more than that and when. */
    answerStatus: lookup('SRC_ANSWER_STATUS', { codes: ANSWER_STATES, default: 'NONE', readonly: true }),
    lastSubmittedDate: datetime({ readonly: true }),
    /** How many times it submitted (every version is kept). */
    submitCount: number({ precision: 0, readonly: true }),
    /** The last round it was asked to quote in. */
    roundNum: number({ precision: 0, readonly: true }),
  },
  unique: [['inquiryId', 'supplierId']],
  list: {
    columns: ['supplierName', 'roundNum', 'answerStatus', 'lastSubmittedDate', 'submitCount'],
    sort: [{ field: 'inquirySupplierId', order: 'asc' }],
  },
});

export const inquiryJury = defineEntity('srmInquiryJury', {
  area: 'sourcing',
  key: 'inquiryJuryId',
  parent: { entity: 'srmInquiry', field: 'inquiryId' },
  rowsEditableIn: ['DRAFT', 'REJECTED', 'PUBLISHED'],
  fields: {
    userId: ref('baseUser', {
      required: true,
      display: 'userFullName',
      displayAs: 'juryName',
      grantsRead: false,
      filter: internalUser,
    }),
    juryRole: lookup('SRC_JURY_ROLE', { required: true, codes: JURY_ROLES, default: 'OPENER' }),
    /** When this member confirmed the opening (开标确认). */
    openConfirmedDate: datetime({ readonly: true }),
  },
  unique: [['inquiryId', 'userId']],
  list: {
    columns: ['juryName', 'juryRole', 'openConfirmedDate'],
    sort: [{ field: 'inquiryJuryId', order: 'asc' }],
  },
});

export const inquiry = defineEntity('srmInquiry', {
  area: 'sourcing',
  key: 'inquiryId',
  display: 'inquiryNum',
  numbering: { field: 'inquiryNum', pattern: 'INQ{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    inquiryNum: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 120 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** Prices are quoted including tax. */
    taxIncludedFlag: checkbox({ default: 'Y' }),
    /** The last moment a quote counts (the server's clock decides). */
    quoteDeadline: datetime({ required: true }),
    /** Questions until then. */
    qaDeadline: datetime(),
    /** Quotes stay unreadable until opened after the deadline; without, the buyer reads each as it comes. */
    sealedFlag: checkbox({ default: 'Y' }),
    /** How many different people must open it: the owner, then jury members with the opener role. */
    openersRequired: number({ precision: 0, min: 1, max: 3, default: 2 }),
    /** Each quote must say until when its prices hold. */
    validityRequiredFlag: checkbox({ default: 'Y' }),
    /** What the suppliers read: scope, terms, delivery, payment. */
    requestNote: textarea({ max: 4000 }),
    /** Drawings and specifications; each supplier's quotation gets its own copies on publishing. */
    attachmentIds: attachments(),
    publishedDate: datetime({ readonly: true }),
    invitedCount: number({ precision: 0, readonly: true }),
    answeredCount: number({ precision: 0, readonly: true }),
    declinedCount: number({ precision: 0, readonly: true }),
    /** When the owner (who made it) confirmed the opening; jury members' are on their rows. */
    ownerConfirmedDate: datetime({ readonly: true }),
    openedDate: datetime({ readonly: true }),
    /** Who opened it, in order. */
    openedByNames: text({ max: 200, readonly: true }),
    /** The round of quotes under way (1, then one more for each new round). */
    roundNum: number({ precision: 0, readonly: true }),
    /** The award in progress or made. */
    awardId: ref('srmInquiryAward', { display: 'awardNum', displayAs: 'awardNum', readonly: true }),
    /** Why the deadline moved or the inquiry was cancelled. */
    changeReason: textarea({ max: 1000, readonly: true }),
  },
  lines: { items: inquiryItem, suppliers: inquirySupplier, jury: inquiryJury },
  rules: [
    (row) =>
      row.qaDeadline && row.quoteDeadline && Number(row.qaDeadline) > Number(row.quoteDeadline)
        ? { field: 'qaDeadline', message: 'srmInquiry.qaAfterDeadline' }
        : null,
  ],
  list: {
    columns: [
      'inquiryNum',
      'title',
      'orgName',
      'currencyCode',
      'quoteDeadline',
      'status',
      'roundNum',
      'invitedCount',
      'answeredCount',
      'publishedDate',
      'openedDate',
      'awardNum',
      'createdBy',
    ],
    filters: [{ field: 'inquiryNum', op: 'prefix' }, 'title', 'orgId', 'status', 'quoteDeadline'],
    sort: [{ field: 'inquiryId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'inquiryNum',
          'title',
          'orgId',
          'currencyId',
          'taxIncludedFlag',
          'quoteDeadline',
          'qaDeadline',
          'sealedFlag',
          'openersRequired',
          'validityRequiredFlag',
          'status',
          'requestNote',
          'attachmentIds',
        ],
      },
      {
        key: 'progress',
        fields: [
          'publishedDate',
          'roundNum',
          'invitedCount',
          'answeredCount',
          'declinedCount',
          'ownerConfirmedDate',
          'openedDate',
          'openedByNames',
          'awardId',
          'changeReason',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(INQUIRY_PROCESS, {
    statusLookup: 'SRC_INQUIRY_STATUS',
    states: ['PUBLISHED', 'CLOSED', 'OPENED', 'AWARD_APPROVING', 'AWARDED', 'CANCELLED'],
    actions: {
      /** The approval publishes it: every invited supplier gets its quotation and is told. */
      doApproval: { from: ['APPROVING'], to: 'PUBLISHED', system: true },
      /** A later deadline, with the reason every invited supplier reads. */
      doExtendDeadline: {
        from: ['PUBLISHED', 'CLOSED'],
        to: 'PUBLISHED',
        needs: ['comment'],
        input: { quoteDeadline: datetime({ required: true }) },
      },
      /**
       * A new round after opening (多轮报价): the suppliers and materials chosen quote again, sealed,
       * until a new deadline; earlier rounds stay as they were, and each supplier's latest offer
       * for a material is the one that counts.
       */
      doRequote: {
        from: ['OPENED'],
        to: 'PUBLISHED',
        needs: ['comment'],
        input: {
          quoteDeadline: datetime({ required: true }),
          inquirySupplierIds: refs('srmInquirySupplier', { required: true, max: 500 }),
          inquiryItemIds: refs('srmInquiryItem', { required: true, max: 2000 }),
        },
      },
      /** The deadline passed (the platform's program, or the first opening). */
      doClose: { from: ['PUBLISHED'], to: 'CLOSED', system: true },
      /** One opener's confirmation; the last one needed opens it (doBidOpening). */
      doConfirmOpening: { from: ['PUBLISHED', 'CLOSED'], confirm: true },
      /** Opens the quotes: after the deadline, once enough different openers confirmed. */
      doBidOpening: { from: ['PUBLISHED', 'CLOSED'], to: 'OPENED', confirm: true },
      /** Prepares the award from the opened quotes (the lowest price per material, all of it). */
      doPrepareAward: { from: ['OPENED'] },
      doAwardStart: { from: ['OPENED'], to: 'AWARD_APPROVING', system: true },
      doAwardBack: { from: ['AWARD_APPROVING'], to: 'OPENED', system: true },
      doAwarded: { from: ['AWARD_APPROVING'], to: 'AWARDED', system: true },
      doCancel: {
        from: ['DRAFT', 'REJECTED', 'PUBLISHED', 'CLOSED', 'OPENED'],
        to: 'CANCELLED',
        needs: ['comment'],
        danger: true,
      },
    },
  }),
});
