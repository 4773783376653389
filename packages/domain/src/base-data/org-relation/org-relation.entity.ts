// Organisation relations (组织关联): typed links between organisations, such as which inventory
// organisations receive for which operating unit (OU_INV).
import { checkbox, defineEntity, lookup, ref, text } from '@srm/kernel';

export const orgRelation = defineEntity('srmBaseOrgRelation', {
  area: 'base-data',
  key: 'orgRelationId',
  fields: {
    relationType: lookup('BASE_ORG_RELATION_TYPE', { required: true }),
    fromOrgId: ref('srmBaseOrg', { required: true, display: 'orgName', displayAs: 'fromOrgName' }),
    toOrgId: ref('srmBaseOrg', { required: true, display: 'orgName', displayAs: 'toOrgName' }),
    description: text({ max: 240 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['fromOrgId', 'toOrgId', 'relationType']],
  rules: [
    (row) =>
      row.fromOrgId != null && row.fromOrgId === row.toOrgId
        ? { field: 'toOrgId', message: 'srmBaseOrgRelation.sameOrg' }
        : null,
  ],
  list: {
    columns: ['relationType', 'fromOrgName', 'toOrgName', 'description', 'enabledFlag', 'lastUpdateDate'],
    filters: ['relationType', 'fromOrgId', 'toOrgId', 'enabledFlag'],
    sort: [
      { field: 'relationType', order: 'asc' },
      { field: 'fromOrgId', order: 'asc' },
    ],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['relationType', 'fromOrgId', 'toOrgId', 'enabledFlag', 'description'] },
    ],
  },
});
