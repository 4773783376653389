// Who a notice goes to (公告对象): lines of the notice, each naming one group. At publishing the
// groups are resolved into receivers (one per user), a snapshot: a supplier qualified later does
// not get the notice until it is published again.
import { defineEntity, lookup, ref } from '@srm/kernel';
import { SUPPLIER_LEVELS } from '../../supplier';

/** Groups of internal users. */
export const INTERNAL_TARGETS = ['ALL_INTERNAL', 'ORG', 'DEPARTMENT', 'ROLE', 'USER'] as const;
/** Groups of suppliers (every active portal user of each supplier in the group). */
export const SUPPLIER_TARGETS = [
  'ALL_QUALIFIED',
  'SUPPLIER_CATEGORY',
  'SUPPLIER_ORG',
  'SUPPLIER_STATUS',
  'SUPPLIER_LEVEL',
  'SUPPLIER',
] as const;
export type NoticeTargetType = (typeof INTERNAL_TARGETS)[number] | (typeof SUPPLIER_TARGETS)[number];

/** The field a target of each type names (none: the whole group). */
export const TARGET_FIELD: Readonly<Record<NoticeTargetType, string | null>> = {
  ALL_INTERNAL: null,
  ORG: 'orgId',
  DEPARTMENT: 'departmentId',
  ROLE: 'roleId',
  USER: 'employeeId',
  ALL_QUALIFIED: null,
  SUPPLIER_CATEGORY: 'categoryId',
  SUPPLIER_ORG: 'orgId',
  SUPPLIER_STATUS: 'supplierStatus',
  SUPPLIER_LEVEL: 'supplierLevel',
  SUPPLIER: 'supplierId',
};

/** The fields of an audience line (a notice's, a shared file's): the group and whom it names. */
export const audienceFields = () => ({
  targetType: lookup('SRM_NOTICE_TARGET_TYPE', {
    required: true,
    codes: [...INTERNAL_TARGETS, ...SUPPLIER_TARGETS],
  }),
  orgId: ref('srmBaseOrg', { display: 'orgName' }),
  departmentId: ref('baseDepartment', { display: 'departmentName' }),
  roleId: ref('baseRole', { display: 'roleName' }),
  /** A person by their employee record (the user directory itself stays closed to buyers). */
  employeeId: ref('baseEmployee', { display: 'employeeName' }),
  categoryId: ref('srmBaseCategory', { display: 'categoryName' }),
  supplierId: ref('srmSupplierInfo', { display: 'supplierName' }),
  supplierStatus: lookup('SRM_SUPPLIER_STATUS', {
    codes: ['POTENTIAL', 'QUALIFIED', 'QUIT'],
  }),
  supplierLevel: lookup('SRM_SUPPLIER_LEVEL', { codes: SUPPLIER_LEVELS }),
});

/** The columns of an audience line's grid. */
export const AUDIENCE_COLUMNS = [
  'targetType',
  'orgId',
  'departmentId',
  'roleId',
  'employeeId',
  'categoryId',
  'supplierId',
  'supplierStatus',
  'supplierLevel',
] as const;

/** An audience line names whom its group needs (an organisation, a role, a supplier…). */
export const audienceNamed = (row: Readonly<Record<string, unknown>>) => {
  const field = TARGET_FIELD[row.targetType as NoticeTargetType];
  if (!field || row[field] != null) return null;
  return { field, message: 'srmNoticeTarget.needsValue' };
};

export const noticeTarget = defineEntity('srmNoticeTarget', {
  area: 'notice',
  key: 'targetId',
  parent: { entity: 'srmNotice', field: 'noticeId' },
  fields: audienceFields(),
  list: { columns: [...AUDIENCE_COLUMNS] },
  rules: [audienceNamed],
});
