// The award of an opened inquiry (定标, inquiryAwardSummaryList): per material, which suppliers get
// which share at their quoted price, or no award with its reason. Made by naming the opened
// inquiry (or by the inquiry's 定标), its rows from the opened quotes (the lowest price per
// material given all of it); a split becomes the agreement's quota, a supplier
// other than the lowest needs a reason, an expired quote cannot be awarded. Its approval hands the
// award to purchasing (../../agreements/award-hand-off.ts): supplier price list rows, a draft
// agreement per supplier, approved-supplier-list rows; the suppliers learn their own result.
import { amount, checkbox, date, defineEntity, number, price, quantity, ref, text } from '@srm/kernel';
import { awardDateRule, awardTerms, awardWorkflow } from '../award';

/** The approval of an award (its template: ../approval.ts). */
export const AWARD_PROCESS = 'SRC_INQUIRY_AWARD_APPROVAL';

export const inquiryAwardLine = defineEntity('srmInquiryAwardLine', {
  area: 'sourcing',
  key: 'awardLineId',
  parent: { entity: 'srmInquiryAward', field: 'awardId' },
  // One row per material and supplier, made from the quotes; the buyer sets the shares.
  rowsByPlatform: true,
  fields: {
    itemLineNum: number({ precision: 0, readonly: true }),
    inquiryItemId: number({ precision: 0, readonly: true }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', readonly: true }),
    // A number, not a quantity: each supplier's row repeats the material's quantity (no total).
    quantity: number({ precision: 4, readonly: true }),
    uomId: ref('srmBaseUom', { display: 'uomName', readonly: true }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', readonly: true }),
    /** The supplier's quote line for the base quantity (its tiers come with it). */
    quoteLineId: number({ precision: 0, readonly: true }),
    unitPrice: price({ readonly: true }),
    taxRate: number({ precision: 2, readonly: true }),
    leadTimeDays: number({ precision: 0, readonly: true }),
    validToDate: date({ readonly: true }),
    /** The lowest valid price quoted for this material. */
    lowestFlag: checkbox({ readonly: true }),
    /** The share this supplier gets (the agreement's quota); 0 for none. */
    awardPercent: number({ precision: 2, min: 0, max: 100, default: 0 }),
    awardQuantity: quantity({ readonly: true }),
    lineAmount: amount({ readonly: true }),
    /** Why a supplier other than the lowest gets a share, or why nobody is awarded the material. */
    reason: text({ max: 500 }),
  },
  list: {
    columns: [
      'itemLineNum',
      'itemName',
      'quantity',
      'uomName',
      'supplierName',
      'unitPrice',
      'taxRate',
      'leadTimeDays',
      'validToDate',
      'lowestFlag',
      'awardPercent',
      'awardQuantity',
      'lineAmount',
      'reason',
    ],
    sort: [
      { field: 'itemLineNum', order: 'asc' },
      { field: 'unitPrice', order: 'asc' },
    ],
  },
});

export const inquiryAward = defineEntity('srmInquiryAward', {
  area: 'sourcing',
  key: 'awardId',
  display: 'awardNum',
  numbering: { field: 'awardNum', pattern: 'AW{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    awardNum: text({ readonly: true, max: 30 }),
    /** An opened inquiry without an award in progress; the award's rows come from its quotes. */
    inquiryId: ref('srmInquiry', {
      required: true,
      display: 'inquiryNum',
      displayAs: 'inquiryNum',
      filter: () => ({ status: 'OPENED' }),
    }),
    title: text({ max: 120, readonly: true }),
    /** The inquiry's (set on creation). */
    orgId: ref('srmBaseOrg', { display: 'orgName', readonly: true }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      readonly: true,
    }),
    taxIncludedFlag: checkbox({ readonly: true }),
    ...awardTerms(),
  },
  lines: { lines: inquiryAwardLine },
  rules: [awardDateRule('srmInquiryAward')],
  list: {
    columns: [
      'awardNum',
      'inquiryNum',
      'title',
      'orgName',
      'currencyCode',
      'totalAmount',
      'validFrom',
      'validTo',
      'status',
      'createdBy',
    ],
    filters: [{ field: 'awardNum', op: 'prefix' }, 'inquiryId', 'orgId', 'status'],
    sort: [{ field: 'awardId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'awardNum',
          'inquiryId',
          'title',
          'orgId',
          'currencyId',
          'taxIncludedFlag',
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
  workflow: awardWorkflow(AWARD_PROCESS),
});
