// The line collections of a purchase agreement: its prices per material (with the server's
// comparison to the last agreed price, §7.2), step prices from a quantity, the organisations it
// applies to, and the supplier's quota (share of demand) per material and organisation.
import { checkbox, dec, defineEntity, mul, number, price, quantity, ref, round, text } from '@srm/kernel';

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
        typeof row.unitPrice === 'number' && typeof row.taxRate === 'number'
          ? round(mul(dec(row.unitPrice), dec(100).plus(row.taxRate).div(100)), 6)
          : null,
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
