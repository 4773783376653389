// Users (用户): the login accounts. An internal user works for the buying company and is
// limited by organisation and category permits; an external user belongs to one supplier
// company and sees only its rows. Passwords never appear here: they live in the platform's
// credential table and change only through the password endpoints.
import { defineEntity } from '../entity/define';
import { checkbox, date, datetime, lookup, ref, text, textarea } from '../entity/fields';

export const userResponsibility = defineEntity('baseUserResponsibility', {
  area: 'system',
  service: 'base',
  table: 'base_user_responsibility',
  key: 'userRespId',
  parent: { entity: 'baseUser', field: 'userId' },
  fields: {
    responsibilityId: ref('baseResponsibility', { required: true, display: 'responsibilityName' }),
    startDate: date(),
    endDate: date(),
    defaultFlag: checkbox(),
  },
  unique: [['userId', 'responsibilityId']],
  list: { columns: ['responsibilityId', 'responsibilityName', 'startDate', 'endDate', 'defaultFlag'] },
});

export const userOrgPermit = defineEntity('baseUserOrgPermit', {
  area: 'system',
  service: 'base',
  table: 'base_user_org_permit',
  key: 'userOrgPermitId',
  parent: { entity: 'baseUser', field: 'userId' },
  fields: {
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
  },
  unique: [['userId', 'orgId']],
  list: { columns: ['orgId', 'orgName'] },
});

export const userCategoryPermit = defineEntity('baseUserCategoryPermit', {
  area: 'system',
  service: 'base',
  table: 'base_user_category_permit',
  key: 'userCategoryPermitId',
  parent: { entity: 'baseUser', field: 'userId' },
  fields: {
    categoryId: ref('srmBaseCategory', { required: true, display: 'categoryName' }),
  },
  unique: [['userId', 'categoryId']],
  list: { columns: ['categoryId', 'categoryName'] },
});

export const user = defineEntity('baseUser', {
  area: 'system',
  service: 'base',
  table: 'base_user',
  key: 'userId',
  display: 'userFullName',
  fields: {
    userName: text({ required: true, unique: true, max: 60, format: 'code' }),
    userFullName: text({ required: true, max: 120 }),
    userType: lookup('BASE_USER_TYPE', {
      required: true,
      codes: ['INTERNAL', 'EXTERNAL'],
      default: 'INTERNAL',
    }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName' }),
    employeeId: ref('baseEmployee', { display: 'employeeName' }),
    email: text({ max: 120, format: 'email' }),
    mobile: text({ max: 20, format: 'mobile' }),
    languageCode: lookup('SYSTEM_LANGUAGE', { required: true, codes: ['CN', 'EN'], default: 'CN' }),
    /** No organisation restriction (administrators). */
    allOrgsFlag: checkbox(),
    /** No category restriction. */
    allCategoriesFlag: checkbox(),
    startDate: date(),
    endDate: date(),
    lastLoginDate: datetime({ readonly: true }),
    description: textarea({ max: 500 }),
  },
  lines: {
    responsibilities: userResponsibility,
    orgPermits: userOrgPermit,
    categoryPermits: userCategoryPermit,
  },
  list: {
    columns: [
      'userName',
      'userFullName',
      'userType',
      'supplierName',
      'employeeName',
      'email',
      'mobile',
      'status',
      'lastLoginDate',
    ],
    filters: [
      { field: 'userName', op: 'prefix' },
      'userFullName',
      'userType',
      'supplierId',
      'status',
      'email',
    ],
    sort: [{ field: 'userName', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'userName',
          'userFullName',
          'userType',
          'supplierId',
          'employeeId',
          'email',
          'mobile',
          'languageCode',
        ],
      },
      { key: 'scope', fields: ['allOrgsFlag', 'allCategoriesFlag', 'startDate', 'endDate', 'description'] },
    ],
  },
  workflow: {
    states: ['ACTIVE', 'DISABLED'],
    initial: 'ACTIVE',
    editableIn: ['ACTIVE', 'DISABLED'],
    deletableIn: [],
    statusLookup: 'BASE_USER_STATUS',
    actions: {
      doDisable: { from: ['ACTIVE'], to: 'DISABLED', confirm: true, danger: true },
      doEnable: { from: ['DISABLED'], to: 'ACTIVE' },
    },
  },
  rules: [
    (row) =>
      row.userType === 'EXTERNAL' && !row.supplierId
        ? { field: 'supplierId', message: 'baseUser.supplierRequired' }
        : null,
    (row) =>
      row.userType === 'INTERNAL' && row.supplierId
        ? { field: 'supplierId', message: 'baseUser.supplierInternal' }
        : null,
    (row) =>
      row.startDate && row.endDate && String(row.endDate) < String(row.startDate)
        ? { field: 'endDate', message: 'validation.rangeOrder' }
        : null,
  ],
});

/** Delegation (用户授权): one user acts for another during a period, for approvals or for all work. */
export const userAuthorisation = defineEntity('baseUserAuthorisation', {
  area: 'system',
  service: 'base',
  table: 'base_user_authorisation',
  key: 'authorisationId',
  fields: {
    fromUserId: ref('baseUser', { required: true, display: 'userFullName', displayAs: 'fromUserName' }),
    toUserId: ref('baseUser', { required: true, display: 'userFullName', displayAs: 'toUserName' }),
    authorisationScope: lookup('BASE_AUTHORISATION_SCOPE', {
      required: true,
      codes: ['APPROVAL', 'ALL'],
      default: 'APPROVAL',
    }),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    reason: text({ max: 240 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: [
      'fromUserName',
      'toUserName',
      'authorisationScope',
      'startDate',
      'endDate',
      'reason',
      'enabledFlag',
    ],
    filters: ['fromUserId', 'toUserId', 'authorisationScope', 'startDate', 'enabledFlag'],
    sort: [{ field: 'startDate', order: 'desc' }],
  },
  rules: [
    (row) =>
      row.fromUserId && row.fromUserId === row.toUserId
        ? { field: 'toUserId', message: 'baseUserAuthorisation.self' }
        : null,
    (row) =>
      row.startDate && row.endDate && String(row.endDate) < String(row.startDate)
        ? { field: 'endDate', message: 'validation.rangeOrder' }
        : null,
  ],
});

export const userEntities = [user, userResponsibility, userOrgPermit, userCategoryPermit, userAuthorisation];

/**
 * The user directory (ADR 0024): ids, accounts and names of active internal users, which every
 * internal user may read to pick a colleague where a reference grants no read of `baseUser`.
 */
export const USER_DIRECTORY_PATH = '/api/base/v1/baseUser/directory';
/** Rows a directory call answers at most. */
export const DIRECTORY_ROWS = 50;
/** The filter of a reference that names a colleague: an internal user, never a supplier's. */
export const internalUser = () => ({ userType: 'INTERNAL' }) as const;
