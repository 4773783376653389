// Approved supplier list (合格供应商清单 / 货源清单, srmPurAslList): which supplier may supply
// which material (or every material of a purchase category) to which organisation. Entries are
// written only by approved ASL applications and alterations, never edited by hand; purchase
// orders are checked against them (`aslAllows` in ./asl.check.ts).
import { date, defineEntity, lookup, number, ref, text } from '@srm/kernel';

export const ASL_STATUSES = ['VALID', 'SUSPENDED', 'DISABLED'] as const;

export const asl = defineEntity('srmPurAsl', {
  area: 'agreements',
  key: 'aslId',
  display: 'aslCode',
  numbering: { field: 'aslCode', pattern: 'ASL{######}' },
  // Written by approved applications and alterations only.
  writableBy: [],
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  fields: {
    aslCode: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    itemId: ref('srmBaseItem', { display: 'itemName' }),
    categoryId: ref('srmBaseCategory', { display: 'categoryName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    aslStatus: lookup('PUR_ASL_STATUS', { required: true, codes: ASL_STATUSES, default: 'VALID' }),
    priorityNum: number({ min: 1, max: 99, default: 1 }),
    validFrom: date(),
    validTo: date(),
    /** The application or alteration that last changed the entry. */
    sourceNumber: text({ max: 30 }),
    remark: text({ max: 240 }),
  },
  list: {
    columns: [
      'aslCode',
      'supplierName',
      'itemName',
      'categoryName',
      'orgName',
      'aslStatus',
      'priorityNum',
      'validFrom',
      'validTo',
      'sourceNumber',
    ],
    filters: ['supplierId', 'itemId', 'categoryId', 'orgId', 'aslStatus', { field: 'aslCode', op: 'prefix' }],
    sort: [{ field: 'aslCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'aslCode',
          'supplierId',
          'itemId',
          'categoryId',
          'orgId',
          'aslStatus',
          'priorityNum',
          'validFrom',
          'validTo',
          'sourceNumber',
          'remark',
        ],
      },
    ],
  },
});
