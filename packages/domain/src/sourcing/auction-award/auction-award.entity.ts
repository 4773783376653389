// The award of an opened auction (竞价定标, the auction's "award submit / approve / reject"): per
// material, which suppliers get which share at their final bid, or no award with its reason. Made
// from the auction (定标 on an opened auction, or by naming it), its rows from the final accepted
// bids: the best bid of each material given all of it. A share for a supplier other than the best,
// or at a price above the material's reserve, needs a reason; a lot auction is awarded with the
// same share on every material (its bid was one price for the lot). Its approval hands the award
// to purchasing (../../agreements/award-hand-off.ts) as an inquiry award's does, and each bidder
// learns its own result on its entry.
import {
  amount,
  approvalWorkflow,
  checkbox,
  defineEntity,
  internalUser,
  lookup,
  number,
  price,
  quantity,
  ref,
  text,
} from '@srm/kernel';
import { awardCancel, awardDateRule, awardTerms } from '../award';
import { BID_BASES } from '../auction/auction.entity';

/** The approval of an auction's award (its template: ../approval.ts). */
export const AUCTION_AWARD_PROCESS = 'SRC_AUCTION_AWARD_APPROVAL';
/** The engineer's technical sign-off after that approval, where the auction's category needs it. */
export const AUCTION_ENGINEER_PROCESS = 'SRC_AUCTION_AWARD_ENGINEER';

/** The tax rate an award line starts with (auction bids carry none): China's standard VAT rate. */
export const DEFAULT_TAX_RATE = 13;

export const auctionAwardLine = defineEntity('srmAuctionAwardLine', {
  area: 'sourcing',
  key: 'awardLineId',
  parent: { entity: 'srmAuctionAward', field: 'awardId' },
  // One row per material and supplier, made from the final bids; the buyer sets the shares.
  rowsByPlatform: true,
  fields: {
    itemLineNum: number({ precision: 0, readonly: true }),
    auctionItemId: number({ precision: 0, readonly: true }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', readonly: true }),
    // A number, not a quantity: each supplier's row repeats the material's quantity (no total).
    quantity: number({ precision: 4, readonly: true }),
    uomId: ref('srmBaseUom', { display: 'uomName', readonly: true }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', readonly: true }),
    /** The final bid per unit (a lot bid spread over its materials in proportion to their start prices). */
    unitPrice: price({ readonly: true }),
    /** Its place among the final bids (1: the best). */
    bidRank: number({ precision: 0, readonly: true }),
    lowestFlag: checkbox({ readonly: true }),
    reservePrice: price({ readonly: true }),
    /** The price lies above the reserve: a share needs a reason. */
    overReserveFlag: checkbox({ readonly: true }),
    /** Bids carry no tax rate: the buyer states the rate the prices include. */
    taxRate: number({ precision: 2, min: 0, max: 100, default: DEFAULT_TAX_RATE }),
    /** The share this supplier gets (the agreement's quota); 0 for none. */
    awardPercent: number({ precision: 2, min: 0, max: 100, default: 0 }),
    awardQuantity: quantity({ readonly: true }),
    lineAmount: amount({ readonly: true }),
    /** Why a supplier other than the best, or a price above the reserve, gets a share; or why nobody does. */
    reason: text({ max: 500 }),
  },
  list: {
    columns: [
      'itemLineNum',
      'itemName',
      'quantity',
      'uomName',
      'supplierName',
      'bidRank',
      'unitPrice',
      'reservePrice',
      'overReserveFlag',
      'taxRate',
      'lowestFlag',
      'awardPercent',
      'awardQuantity',
      'lineAmount',
      'reason',
    ],
    sort: [
      { field: 'itemLineNum', order: 'asc' },
      { field: 'bidRank', order: 'asc' },
    ],
  },
});

export const auctionAward = defineEntity('srmAuctionAward', {
  area: 'sourcing',
  key: 'awardId',
  display: 'awardNum',
  numbering: { field: 'awardNum', pattern: 'AA{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    awardNum: text({ readonly: true, max: 30 }),
    /** An opened auction without an award in progress; the award's rows come from its final bids. */
    auctionId: ref('srmAuction', {
      required: true,
      display: 'auctionNum',
      displayAs: 'auctionNum',
      filter: () => ({ status: 'OPENED' }),
    }),
    title: text({ max: 120, readonly: true }),
    /** The auction's (set on creation). */
    orgId: ref('srmBaseOrg', { display: 'orgName', readonly: true }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      readonly: true,
    }),
    taxIncludedFlag: checkbox({ readonly: true }),
    bidBasis: lookup('SRC_BID_BASIS', { codes: BID_BASES, readonly: true }),
    /** The auction's category needs the engineer's sign-off after the approval (award by engineer). */
    engineerFlag: checkbox({ readonly: true }),
    /** Who signs it off: the auction's jury member with the engineer role, unless changed. */
    engineerId: ref('baseUser', {
      display: 'userFullName',
      displayAs: 'engineerName',
      grantsRead: false,
      filter: internalUser,
    }),
    ...awardTerms(),
  },
  lines: { lines: auctionAwardLine },
  rules: [awardDateRule('srmAuctionAward')],
  list: {
    columns: [
      'awardNum',
      'auctionNum',
      'title',
      'orgName',
      'currencyCode',
      'bidBasis',
      'totalAmount',
      'validFrom',
      'validTo',
      'status',
      'createdBy',
    ],
    filters: [{ field: 'awardNum', op: 'prefix' }, 'auctionId', 'orgId', 'status'],
    sort: [{ field: 'awardId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'awardNum',
          'auctionId',
          'title',
          'orgId',
          'currencyId',
          'taxIncludedFlag',
          'bidBasis',
          'engineerFlag',
          'engineerId',
          'validFrom',
          'validTo',
          'agreementFlag',
          'aslFlag',
          'totalAmount',
          'status',
          'awardNote',
          'handOffNote',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(AUCTION_AWARD_PROCESS, {
    statusLookup: 'SRC_AWARD_STATUS',
    states: ['ENGINEER_APPROVING', 'CANCELLED'],
    actions: {
      doCancel: awardCancel,
      /** Approved where the engineer must sign off too: that process starts (in the same step). */
      doEngineerStart: {
        from: ['APPROVED'],
        to: 'ENGINEER_APPROVING',
        system: true,
        approval: AUCTION_ENGINEER_PROCESS,
        outcomes: { approved: 'doEngineerAwardApproval', rejected: 'doEngineerAwardReject' },
      },
      doEngineerAwardApproval: { from: ['ENGINEER_APPROVING'], to: 'APPROVED', system: true },
      doEngineerAwardReject: {
        from: ['ENGINEER_APPROVING'],
        to: 'REJECTED',
        needs: ['comment'],
        system: true,
      },
    },
  }),
});
