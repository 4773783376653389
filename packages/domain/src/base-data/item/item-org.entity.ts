// Organisation materials (组织物料): which organisations use a material, with their own buyer,
// lead time and incoming inspection. Lines of the material, one per organisation.
import { checkbox, defineEntity, number, ref, text } from '@srm/kernel';

export const itemOrg = defineEntity('srmBaseItemOrg', {
  area: 'base-data',
  key: 'itemOrgId',
  parent: { entity: 'srmBaseItem', field: 'itemId' },
  fields: {
    // Declared (rather than added by the engine) to show the material code and to be part of
    // the unique (material, organisation).
    itemId: ref('srmBaseItem', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'itemCode',
      displayAs: 'itemCode',
    }),
    orgId: ref('srmBaseOrg', {
      required: true,
      display: 'orgName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    buyerName: text({ max: 60 }),
    leadTimeDays: number({ min: 0, max: 999 }),
    inspectionFlag: checkbox({ default: 'N' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['itemId', 'orgId']],
  list: {
    columns: ['itemCode', 'orgName', 'buyerName', 'leadTimeDays', 'inspectionFlag', 'enabledFlag'],
    filters: ['orgId', 'buyerName', 'inspectionFlag', 'enabledFlag'],
    sort: [
      { field: 'itemId', order: 'asc' },
      { field: 'orgId', order: 'asc' },
    ],
  },
});
