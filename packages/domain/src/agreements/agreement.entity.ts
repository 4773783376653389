// Purchase (price) agreements (采购协议): a supplier's prices per material for a period and an
// operating unit, with quantity-tiered step prices (阶梯价), the organisations it applies to
// (适用组织) and the supplier's share of each material's demand (配额). Submitted, approved or
// rejected (catalogue §4); a line whose price differs from the last agreed one by more than five
// percent is flagged (§7.2, `checkPriceChange`). The supplier sees its approved agreements.
import {
  checkbox,
  date,
  dec,
  defineEntity,
  mul,
  number,
  price,
  quantity,
  ref,
  round,
  text,
  textarea,
} from '@srm/kernel';
import { AGREEMENT_PROCESS, approvalWorkflow } from './workflow';

export const agreementLine = defineEntity('srmPurAgreementLine', {
  area: 'agreements',
  key: 'agreementLineId',
  parent: { entity: 'srmPurAgreement', field: 'agreementId' },
  fields: {
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    /** Unit price excluding tax. */
    unitPrice: price({ required: true, min: 0 }),
    taxRate: number({ required: true, precision: 2, min: 0, max: 100, default: 13 }),
    unitPriceInclTax: price({
      readonly: true,
      computed: (row) =>
        row.unitPrice == null || row.taxRate == null
          ? null
          : round(
              mul(
                dec(row.unitPrice as number),
                dec(100)
                  .plus(dec(row.taxRate as number))
                  .div(100),
              ),
              6,
            ),
    }),
    /** The last agreed price of the supplier for the material (set by the server on save). */
    lastPrice: price({ readonly: true }),
    lastAgreementNumber: text({ readonly: true, max: 30 }),
    /** (unitPrice − lastPrice) / lastPrice × 100. */
    changePercent: number({ readonly: true, precision: 2 }),
    priceWarnFlag: checkbox({ readonly: true, warning: 'srmPurAgreement.priceWarnTooltip' }),
    remark: text({ max: 240 }),
  },
  list: {
    columns: [
      'itemId',
      'unitPrice',
      'taxRate',
      'unitPriceInclTax',
      'lastPrice',
      'changePercent',
      'priceWarnFlag',
      'remark',
    ],
    filters: ['itemId', 'priceWarnFlag'],
  },
});

export const agreementStep = defineEntity('srmPurAgreementStep', {
  area: 'agreements',
  key: 'agreementStepId',
  parent: { entity: 'srmPurAgreement', field: 'agreementId' },
  fields: {
    itemId: ref('srmBaseItem', { required: true, display: 'itemName' }),
    /** The price applies from this ordered quantity upwards (inclusive). */
    fromQuantity: quantity({ required: true, min: 0 }),
    unitPrice: price({ required: true, min: 0 }),
  },
  list: { columns: ['itemId', 'fromQuantity', 'unitPrice'], filters: ['itemId'] },
});

export const agreementOrg = defineEntity('srmPurAgreementOrg', {
  area: 'agreements',
  key: 'agreementOrgId',
  parent: { entity: 'srmPurAgreement', field: 'agreementId' },
  fields: {
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
  },
  list: { columns: ['orgId'], filters: ['orgId'] },
});

export const agreementQuota = defineEntity('srmPurAgreementQuota', {
  area: 'agreements',
  key: 'agreementQuotaId',
  parent: { entity: 'srmPurAgreement', field: 'agreementId' },
  fields: {
    itemId: ref('srmBaseItem', { required: true, display: 'itemName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    /** This supplier's share of the material's demand at the organisation, in percent. */
    quotaPercent: number({ required: true, precision: 2, min: 0, max: 100 }),
  },
  list: {
    columns: ['itemId', 'orgId', 'quotaPercent'],
    filters: ['itemId', 'orgId'],
  },
});

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
    buyerName: text({ max: 60 }),
    /** Some line's price differs from the last agreed one by more than five percent. */
    priceWarnFlag: checkbox({ readonly: true, warning: 'srmPurAgreement.priceWarnTooltip' }),
    remark: textarea({ max: 1000 }),
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
          'remark',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(AGREEMENT_PROCESS),
});
