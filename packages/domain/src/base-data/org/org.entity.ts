// Organisations (组织): the group, its companies, operating units (业务实体) and inventory
// organisations (库存组织, the plants that receive goods), as a tree by parent organisation.
import { checkbox, defineEntity, lookup, ref, text } from '@srm/kernel';

/** Kinds of organisation; code relies on them (storage locations belong to inventory organisations). */
export const ORG_TYPES = ['GROUP', 'COMPANY', 'OU', 'INV_ORG'] as const;

export const org = defineEntity('srmBaseOrg', {
  area: 'base-data',
  key: 'orgId',
  supplierReadable: true,
  display: 'orgName',
  fields: {
    orgCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    orgName: text({ required: true, max: 240, english: 'orgNameEn' }),
    orgNameEn: text({ max: 240 }),
    orgType: lookup('BASE_ORG_TYPE', { required: true, codes: ORG_TYPES }),
    parentOrgId: ref('srmBaseOrg', { display: 'orgName', displayAs: 'parentOrgName' }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    address: text({ max: 500 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  tree: { parent: 'parentOrgId' },
  list: {
    columns: ['orgCode', 'orgName', 'orgNameEn', 'orgType', 'parentOrgName', 'currencyCode', 'enabledFlag'],
    filters: [{ field: 'orgCode', op: 'prefix' }, 'orgName', 'orgType', 'parentOrgId', 'enabledFlag'],
    sort: [{ field: 'orgCode', order: 'asc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['orgCode', 'orgName', 'orgNameEn', 'orgType', 'parentOrgId', 'enabledFlag'] },
      { key: 'other', fields: ['currencyId', 'address'] },
    ],
  },
});
