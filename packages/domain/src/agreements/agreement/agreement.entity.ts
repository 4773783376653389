// Purchase (price) agreements (采购协议): a supplier's prices per material for a period and an
// operating unit, with quantity-tiered step prices (阶梯价), the organisations it applies to
// (适用组织) and the supplier's share of each material's demand (配额). Submitted, approved or
// rejected (catalogue §4); a line whose price differs from the last agreed one by more than five
// percent is flagged (§7.2, `checkPriceChange`). The supplier sees its approved agreements.
import { approvalWorkflow, checkbox, date, defineEntity, ref, text, textarea } from '@srm/kernel';
import { ORDERABLE_SUPPLIER_STATES, eligibilityAdvice } from '../../supplier';
import { agreementLine, agreementOrg, agreementQuota, agreementStep } from './agreement-lines.entity';

/** The approval process of agreements (its template: ../approval.ts). */
export const AGREEMENT_PROCESS = 'PUR_AGREEMENT_APPROVAL';

export const agreement = defineEntity('srmPurAgreement', {
  area: 'agreements',
  key: 'agreementId',
  display: 'agreementNumber',
  numbering: { field: 'agreementNumber', pattern: 'AGR{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['APPROVED'],
  orgScoped: 'orgId',
  fields: {
    agreementNumber: text({ readonly: true, max: 30 }),
    agreementName: text({ required: true, max: 200 }),
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
      offer: { status: ORDERABLE_SUPPLIER_STATES, blacklistFlag: 'N' },
      advice: eligibilityAdvice('ORDER', 'lines'),
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    buyerName: text({ max: 60, profileDefault: 'userFullName' }),
    /** Some line's price differs from the last agreed one by more than five percent. */
    priceWarnFlag: checkbox({ readonly: true, warning: 'srmPurAgreement.priceWarnTooltip' }),
    remark: textarea({ max: 1000 }),
    /** The award it was drafted from (its number), and the key that makes the hand-off run once. */
    sourceNum: text({ max: 30, readonly: true }),
    sourceKey: text({ max: 80, unique: true, readonly: true, internalOnly: true }),
  },
  lines: { lines: agreementLine, steps: agreementStep, orgs: agreementOrg, quotas: agreementQuota },
  rules: [
    (row) =>
      row.startDate && row.endDate && String(row.startDate) > String(row.endDate)
        ? { field: 'endDate', message: 'srmPurAgreement.dateRange' }
        : null,
  ],
  list: {
    columns: [
      'agreementNumber',
      'agreementName',
      'supplierName',
      'orgName',
      'currencyCode',
      'startDate',
      'endDate',
      'priceWarnFlag',
      'status',
    ],
    filters: [
      { field: 'agreementNumber', op: 'prefix' },
      'agreementName',
      'supplierId',
      'orgId',
      'status',
      'priceWarnFlag',
    ],
    sort: [{ field: 'agreementId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'agreementNumber',
          'agreementName',
          'supplierId',
          'orgId',
          'currencyId',
          'startDate',
          'endDate',
          'buyerName',
          'priceWarnFlag',
          'sourceNum',
          'remark',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(AGREEMENT_PROCESS),
});
