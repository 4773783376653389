// A supplier's entry to an auction (竞价邀请): made for each invited supplier when the auction is
// published, with the auction's terms, times, rules and copies of its documents — all the supplier
// reads of the auction, never who else was asked. The supplier confirms participation (accepting
// the terms) or declines; confirmed, it enters the hall from here (bids: auction.bids.ts). The
// entry also carries the supplier's result once the auction ends.
import {
  attachments,
  checkbox,
  datetime,
  defineEntity,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import {
  BID_BASES,
  DECREMENT_BASES,
  DECREMENT_TYPES,
  DISPLAY_RULES,
  RANK_BASES,
} from '../auction/auction.entity';

export const ENTRY_STATES = ['INVITED', 'CONFIRMED', 'DECLINED', 'CANCELLED'] as const;

/**
 * The buyer's answers to the auction's questions, as this supplier reads them: the question and
 * the answer, never who asked (../auction-question). Written when the buyer answers.
 */
export const auctionEntryAnswer = defineEntity('srmAuctionEntryAnswer', {
  area: 'sourcing',
  key: 'entryAnswerId',
  parent: { entity: 'srmAuctionEntry', field: 'entryId' },
  rowsByPlatform: true,
  fields: {
    questionText: textarea({ max: 2000, readonly: true }),
    answerText: textarea({ max: 4000, readonly: true }),
    publishedDate: datetime({ readonly: true }),
  },
  list: {
    columns: ['publishedDate', 'questionText', 'answerText'],
    sort: [{ field: 'entryAnswerId', order: 'asc' }],
  },
});

export const auctionEntry = defineEntity('srmAuctionEntry', {
  area: 'sourcing',
  key: 'entryId',
  display: 'entryNum',
  numbering: { field: 'entryNum', pattern: 'AE{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  supplierVisibleIn: [...ENTRY_STATES],
  // Made by publishing the auction (never by a client); the supplier only confirms or declines.
  writableBy: [],
  fields: {
    entryNum: text({ readonly: true, max: 30 }),
    auctionId: ref('srmAuction', {
      required: true,
      display: 'auctionNum',
      displayAs: 'auctionNum',
      readonly: true,
    }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName', readonly: true }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', readonly: true }),
    title: text({ max: 120, readonly: true }),
    termsNote: textarea({ max: 4000, readonly: true }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      readonly: true,
    }),
    taxIncludedFlag: checkbox({ readonly: true }),
    bidBasis: lookup('SRC_BID_BASIS', { codes: BID_BASES, readonly: true }),
    decrementType: lookup('SRC_DECREMENT_TYPE', { codes: DECREMENT_TYPES, readonly: true }),
    decrementValue: number({ precision: 4, readonly: true }),
    decrementBasis: lookup('SRC_DECREMENT_BASIS', { codes: DECREMENT_BASES, readonly: true }),
    displayRule: lookup('SRC_DISPLAY_RULE', { codes: DISPLAY_RULES, readonly: true }),
    /** Ranked by price or by transformed price (the factors themselves are never on the entry). */
    rankBasis: lookup('SRC_RANK_BASIS', { codes: RANK_BASES, readonly: true }),
    startDate: datetime({ readonly: true }),
    /** The end as published or as the buyer moved it; the hall shows extensions live. */
    endDate: datetime({ readonly: true }),
    /** Questions are taken until then (or until the end). */
    qaDeadline: datetime({ readonly: true }),
    attachmentIds: attachments({ readonly: true }),
    answeredDate: datetime({ readonly: true }),
    /** After the award: its own result only. */
    resultNote: text({ max: 200, readonly: true }),
  },
  list: {
    columns: [
      'entryNum',
      'title',
      'orgName',
      'currencyCode',
      'startDate',
      'endDate',
      'status',
      'answeredDate',
    ],
    filters: [{ field: 'entryNum', op: 'prefix' }, 'title', 'status'],
    sort: [{ field: 'entryId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'entryNum',
          'title',
          'orgId',
          'currencyId',
          'taxIncludedFlag',
          'bidBasis',
          'decrementType',
          'decrementValue',
          'decrementBasis',
          'displayRule',
          'rankBasis',
          'startDate',
          'endDate',
          'qaDeadline',
          'status',
          'answeredDate',
          'resultNote',
          'termsNote',
          'attachmentIds',
        ],
      },
    ],
  },
  lines: { answers: auctionEntryAnswer },
  workflow: {
    states: [...ENTRY_STATES],
    initial: 'INVITED',
    statusLookup: 'SRC_ENTRY_STATUS',
    editableIn: [],
    deletableIn: [],
    actions: {
      /** Takes part and accepts the terms: only then may it enter the hall. */
      doConfirm: { from: ['INVITED'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      doDecline: { from: ['INVITED'], to: 'DECLINED', side: 'supplier', needs: ['comment'], danger: true },
      doCancel: { from: ['INVITED', 'CONFIRMED'], to: 'CANCELLED', needs: ['comment'], system: true },
    },
  },
});
