// The reverse auction (竞价, auctionProposal): materials with a start price, the suppliers invited,
// the people who open it, a start and an end on the server's clock, and the rules of the hall —
// how much lower a bid must go, what a supplier sees of the others, when a late bid moves the end.
// Approval publishes it: each invited supplier gets its entry (srmAuctionEntry, ../auction-entry),
// the only part of the auction it reads, where it confirms participation before it may bid. Bids are
// placed in the live hall (auction.bids.ts, auction.hall.ts), never through a save; the buyer sees
// aliases (供应商1…n) until two people open the closed auction.
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
  text,
  textarea,
} from '@srm/kernel';
import { ORDERABLE_SUPPLIER_STATES, eligibilityAdvice } from '../../supplier';
import { JURY_ROLES } from '../inquiry/inquiry.entity';

/** The approval that publishes an auction (its template: ../approval.ts). */
export const AUCTION_PROCESS = 'SRC_AUCTION_APPROVAL';

export const AUCTION_MODES = ['OPEN', 'SEALED'] as const;
export const BID_BASES = ['UNIT', 'TOTAL'] as const;
export const DECREMENT_TYPES = ['AMOUNT', 'PERCENT'] as const;
export const DECREMENT_BASES = ['OWN', 'BEST'] as const;
export const TIE_RULES = ['EARLIER_FIRST', 'REFUSE_EQUAL'] as const;
export const DISPLAY_RULES = ['NONE', 'RANK', 'RANK_BEST', 'LADDER'] as const;
/** Ranked by the price bid, or by the transformed price (折算价: price × the supplier's factor). */
export const RANK_BASES = ['PRICE', 'TRANSFORMED'] as const;
/** What a supplier may see where the auction ranks by transformed price (no one's price but its own). */
export const TRANSFORMED_DISPLAY_RULES = ['NONE', 'RANK'];
export const EXTEND_FROM = ['BID', 'END'] as const;
export const EXTEND_TRIGGERS = ['ANY', 'BEST', 'TOP_N'] as const;
export const SINGLE_SUPPLIER_RULES = ['OFFER', 'CANCEL'] as const;
export const PARTICIPATION = ['INVITED', 'CONFIRMED', 'DECLINED'] as const;

/** States in which the hall may take bids (the clock inside the bid decides). */
export const BIDDING_STATES = ['PUBLISHED', 'RUNNING'];
/** States after which the board shows names (opened, then awarded). */
export const OPENED_AUCTION_STATES = ['OPENED', 'AWARD_APPROVING', 'ENGINEER_APPROVING', 'AWARDED'];
/** States of an auction whose bidding ended (closed, then opened and awarded). */
export const ENDED_STATES = ['CLOSED', ...OPENED_AUCTION_STATES];

export const auctionItem = defineEntity('srmAuctionItem', {
  area: 'sourcing',
  key: 'auctionItemId',
  parent: { entity: 'srmAuction', field: 'auctionId' },
  rowsEditableIn: ['DRAFT', 'REJECTED'],
  fields: {
    lineNum: number({ required: true, precision: 0, min: 1, max: 999, sequence: { step: 1 } }),
    itemId: ref('srmBaseItem', {
      required: true,
      display: 'itemName',
      filter: () => ({ enabledFlag: 'Y' }),
      brings: ['uomId'],
    }),
    quantity: quantity({ required: true, min: 0.0001 }),
    uomId: ref('srmBaseUom', { display: 'uomName' }),
    needByDate: date(),
    /** No bid above it (per unit; for a lot auction the lot's start is Σ quantity × start price). */
    startPrice: price({ required: true, min: 0.000001 }),
    /** A winning price above it needs a reason to be awarded; never shown to a supplier. */
    reservePrice: price({ min: 0, internalOnly: true }),
    remark: text({ max: 500 }),
    /** The requisition line it was auctioned for (由申请创建): the award drafts its order. */
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
  },
  unique: [['auctionId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'itemName',
      'quantity',
      'uomName',
      'needByDate',
      'startPrice',
      'reservePrice',
      'requisitionNum',
      'remark',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const auctionSupplier = defineEntity('srmAuctionSupplier', {
  area: 'sourcing',
  key: 'auctionSupplierId',
  parent: { entity: 'srmAuction', field: 'auctionId' },
  rowsEditableIn: ['DRAFT', 'REJECTED'],
  fields: {
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
      offer: { status: ORDERABLE_SUPPLIER_STATES, blacklistFlag: 'N' },
      advice: eligibilityAdvice('INVITE', 'items'),
    }),
    /** Invited, then confirmed (terms accepted) or declined by the supplier on its entry. */
    participation: lookup('SRC_PARTICIPATION', { codes: PARTICIPATION, default: 'INVITED', readonly: true }),
    answeredDate: datetime({ readonly: true }),
    /** When the supplier last submitted its sealed initial bid (the price stays sealed until the start). */
    initialBidDate: datetime({ readonly: true }),
    /**
     * 折算系数: where the auction ranks by transformed price, its bids rank at price × factor (above
     * 1 weighs against the supplier: freight, quality cost; below 1 for it). Set with the auction
     * and approved with it; never shown to a supplier.
     */
    priceFactor: number({ precision: 4, min: 0.01, max: 100, default: 1, internalOnly: true }),
  },
  unique: [['auctionId', 'supplierId']],
  list: {
    columns: ['supplierName', 'participation', 'answeredDate', 'initialBidDate', 'priceFactor'],
    sort: [{ field: 'auctionSupplierId', order: 'asc' }],
  },
});

export const auctionJury = defineEntity('srmAuctionJury', {
  area: 'sourcing',
  key: 'auctionJuryId',
  parent: { entity: 'srmAuction', field: 'auctionId' },
  rowsEditableIn: ['DRAFT', 'REJECTED', 'PUBLISHED', 'RUNNING'],
  fields: {
    userId: ref('baseUser', {
      required: true,
      display: 'userFullName',
      displayAs: 'juryName',
      grantsRead: false,
      filter: internalUser,
    }),
    juryRole: lookup('SRC_JURY_ROLE', { required: true, codes: JURY_ROLES, default: 'OPENER' }),
    openConfirmedDate: datetime({ readonly: true }),
  },
  unique: [['auctionId', 'userId']],
  list: {
    columns: ['juryName', 'juryRole', 'openConfirmedDate'],
    sort: [{ field: 'auctionJuryId', order: 'asc' }],
  },
});

export const auction = defineEntity('srmAuction', {
  area: 'sourcing',
  key: 'auctionId',
  display: 'auctionNum',
  numbering: { field: 'auctionNum', pattern: 'AU{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    auctionNum: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 120 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    /**
     * The material category auctioned: one of the auction item categories when any are listed
     * (its materials must lie in it); it decides whether the award needs the engineer.
     */
    categoryId: ref('srmBaseCategory', { display: 'categoryName', filter: () => ({ enabledFlag: 'Y' }) }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    taxIncludedFlag: checkbox({ default: 'Y' }),
    /** Open ranking (live information as the display rule allows), or sealed (nothing live, opened at the end). */
    auctionMode: lookup('SRC_AUCTION_MODE', { required: true, codes: AUCTION_MODES, default: 'OPEN' }),
    /** A unit price per material, or one total for the lot. */
    bidBasis: lookup('SRC_BID_BASIS', { required: true, codes: BID_BASES, default: 'UNIT' }),
    decrementType: lookup('SRC_DECREMENT_TYPE', {
      required: true,
      codes: DECREMENT_TYPES,
      default: 'AMOUNT',
    }),
    /** The step: an amount in the currency, or a percentage of the reference price. */
    decrementValue: number({ required: true, precision: 4, min: 0.0001, max: 1000000 }),
    /** Against the supplier's own last bid, or against the current best. */
    decrementBasis: lookup('SRC_DECREMENT_BASIS', { required: true, codes: DECREMENT_BASES, default: 'OWN' }),
    /** A bid more than this percentage below the current best asks the supplier to confirm. */
    largeDropPercent: number({ precision: 2, min: 1, max: 99, default: 20 }),
    tieRule: lookup('SRC_TIE_RULE', { required: true, codes: TIE_RULES, default: 'EARLIER_FIRST' }),
    /** What a supplier sees of the others (never their names). */
    displayRule: lookup('SRC_DISPLAY_RULE', { required: true, codes: DISPLAY_RULES, default: 'RANK' }),
    showBidderCountFlag: checkbox({ default: 'N' }),
    /**
     * What bids rank by: the price, or the transformed price (price × each supplier's factor on its
     * invitation line). Transformed, a supplier sees its own rank only (display rule 不显示 or 仅排名).
     */
    rankBasis: lookup('SRC_RANK_BASIS', { codes: RANK_BASES, default: 'PRICE' }),
    /**
     * Confirmed suppliers may submit a sealed initial bid before the start (nobody reads it, the
     * buyer neither); at the start every initial bid enters the hall at once, anonymised as the
     * display rule says.
     */
    initialBidFlag: checkbox({ default: 'N' }),
    startDate: datetime({ required: true }),
    /** The current end (extensions move it). */
    endDate: datetime({ required: true }),
    /** Suppliers' questions are taken until then (empty: until the end). */
    qaDeadline: datetime(),
    /** A bid accepted this many minutes before the end extends it … */
    extendWindowMinutes: number({ precision: 0, min: 0, max: 120, default: 2 }),
    /** … by this many minutes … */
    extendMinutes: number({ precision: 0, min: 1, max: 120, default: 2 }),
    /** … counted from the bid or from the end … */
    extendFrom: lookup('SRC_EXTEND_FROM', { codes: EXTEND_FROM, default: 'BID' }),
    /** … at most this many times (empty: unlimited) … */
    extendMaxCount: number({ precision: 0, min: 0, max: 999 }),
    /** … when the bid is any accepted bid, a new best, or changes the first N. */
    extendTrigger: lookup('SRC_EXTEND_TRIGGER', { codes: EXTEND_TRIGGERS, default: 'ANY' }),
    extendTopN: number({ precision: 0, min: 1, max: 10, default: 3 }),
    /** Confirmed suppliers needed to run. */
    minSuppliers: number({ precision: 0, min: 1, max: 99, default: 2 }),
    /** With fewer: the one confirmed supplier's start price goes to the buyer as its offer, or it is cancelled. */
    singleSupplierRule: lookup('SRC_SINGLE_RULE', { codes: SINGLE_SUPPLIER_RULES, default: 'CANCEL' }),
    openersRequired: number({ precision: 0, min: 1, max: 3, default: 2 }),
    termsNote: textarea({ max: 4000 }),
    attachmentIds: attachments(),
    publishedDate: datetime({ readonly: true }),
    startedDate: datetime({ readonly: true }),
    closedDate: datetime({ readonly: true }),
    /** The end as published (the current one may be later). */
    plannedEndDate: datetime({ readonly: true }),
    extendCount: number({ precision: 0, readonly: true }),
    /** The extensions the suppliers were told of (the program tells them of later ones). */
    extendNoticedCount: number({ precision: 0, readonly: true }),
    /** When the suppliers were reminded of the start (15 minutes before it). */
    startRemindedDate: datetime({ readonly: true }),
    confirmedCount: number({ precision: 0, readonly: true }),
    ownerConfirmedDate: datetime({ readonly: true }),
    openedDate: datetime({ readonly: true }),
    openedByNames: text({ max: 200, readonly: true }),
    changeReason: textarea({ max: 1000, readonly: true }),
    /** The award in progress or made (srmAuctionAward, ../auction-award). */
    awardId: ref('srmAuctionAward', { display: 'awardNum', displayAs: 'awardNum', readonly: true }),
  },
  lines: { items: auctionItem, suppliers: auctionSupplier, jury: auctionJury },
  rules: [
    (row) =>
      row.startDate && row.endDate && Number(row.endDate) <= Number(row.startDate)
        ? { field: 'endDate', message: 'srmAuction.endBeforeStart' }
        : null,
    (row) =>
      row.qaDeadline && row.endDate && Number(row.qaDeadline) > Number(row.endDate)
        ? { field: 'qaDeadline', message: 'srmAuction.qaAfterEnd' }
        : null,
    (row) =>
      row.decrementType === 'PERCENT' && Number(row.decrementValue) >= 100
        ? { field: 'decrementValue', message: 'srmAuction.percentTooLarge' }
        : null,
    // Another supplier's price, shown beside a rank by transformed price, would tell its factor.
    (row) =>
      row.rankBasis === 'TRANSFORMED' && !TRANSFORMED_DISPLAY_RULES.includes(String(row.displayRule))
        ? { field: 'displayRule', message: 'srmAuction.transformedDisplay' }
        : null,
  ],
  list: {
    columns: [
      'auctionNum',
      'title',
      'orgName',
      'currencyCode',
      'auctionMode',
      'startDate',
      'endDate',
      'status',
      'confirmedCount',
      'extendCount',
      'openedDate',
      'createdBy',
    ],
    filters: [{ field: 'auctionNum', op: 'prefix' }, 'title', 'orgId', 'status', 'startDate'],
    sort: [{ field: 'auctionId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'auctionNum',
          'title',
          'orgId',
          'categoryId',
          'currencyId',
          'taxIncludedFlag',
          'auctionMode',
          'bidBasis',
          'startDate',
          'endDate',
          'qaDeadline',
          'status',
          'termsNote',
          'attachmentIds',
        ],
      },
      {
        key: 'rules',
        fields: [
          'decrementType',
          'decrementValue',
          'decrementBasis',
          'largeDropPercent',
          'tieRule',
          'displayRule',
          'showBidderCountFlag',
          'rankBasis',
          'initialBidFlag',
          'extendWindowMinutes',
          'extendMinutes',
          'extendFrom',
          'extendMaxCount',
          'extendTrigger',
          'extendTopN',
          'minSuppliers',
          'singleSupplierRule',
          'openersRequired',
        ],
      },
      {
        key: 'progress',
        fields: [
          'publishedDate',
          'startedDate',
          'plannedEndDate',
          'closedDate',
          'extendCount',
          'confirmedCount',
          'ownerConfirmedDate',
          'openedDate',
          'openedByNames',
          'awardId',
          'changeReason',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(AUCTION_PROCESS, {
    statusLookup: 'SRC_AUCTION_STATUS',
    states: [
      'PUBLISHED',
      'RUNNING',
      'CLOSED',
      'OPENED',
      'AWARD_APPROVING',
      'ENGINEER_APPROVING',
      'AWARDED',
      'CANCELLED',
    ],
    actions: {
      /** The approval publishes it: the start must still lie ahead; every invited supplier is told. */
      doApproval: { from: ['APPROVING'], to: 'PUBLISHED', system: true },
      /** Starts now (enough suppliers confirmed). */
      doImmediateStart: { from: ['PUBLISHED'], to: 'RUNNING', confirm: true },
      /** The start time came (the platform's program; bids never wait for it). */
      doStart: { from: ['PUBLISHED'], to: 'RUNNING', system: true },
      /** Before the start any future end; while running a later one only; with the reason. */
      doAdjustEndDate: {
        from: ['PUBLISHED', 'RUNNING'],
        needs: ['comment'],
        input: { endDate: datetime({ required: true }) },
      },
      /** The end came (the platform's program, or the first opening). */
      doClose: { from: ['PUBLISHED', 'RUNNING'], to: 'CLOSED', system: true },
      /** After the end (whether or not the closing program ran yet): one opener's confirmation. */
      doConfirmOpening: { from: ['PUBLISHED', 'RUNNING', 'CLOSED'], confirm: true },
      /** Names appear: after the end, once enough different openers confirmed. */
      doBidOpening: { from: ['PUBLISHED', 'RUNNING', 'CLOSED'], to: 'OPENED', confirm: true },
      /** Prepares the award from the final bids (the best of each material, all of it). */
      doPrepareAward: { from: ['OPENED'] },
      /** The award's approval runs (submitted, withdrawn or rejected, approved). */
      doAwardStart: { from: ['OPENED'], to: 'AWARD_APPROVING', system: true },
      /** Approved, the award waits for the engineer's sign-off where its category needs it. */
      doEngineerStart: { from: ['AWARD_APPROVING'], to: 'ENGINEER_APPROVING', system: true },
      doAwardBack: { from: ['AWARD_APPROVING', 'ENGINEER_APPROVING'], to: 'OPENED', system: true },
      doAwarded: { from: ['AWARD_APPROVING', 'ENGINEER_APPROVING'], to: 'AWARDED', system: true },
      /** Bids stay sealed and archived. */
      doCancel: {
        from: ['DRAFT', 'REJECTED', 'PUBLISHED', 'RUNNING', 'CLOSED'],
        to: 'CANCELLED',
        needs: ['comment'],
        danger: true,
      },
    },
  }),
});
