// Access administration (职责 / 角色 / 菜单 / 资源): a menu points at a screen and carries the
// resources (buttons) of that screen; a role grants menus and resources; a responsibility
// groups roles into a working context a user picks; users are assigned responsibilities.
// Resource codes of entity screens follow `<entity>.<operation>` (view, save, delete, export,
// import, or a workflow action or endpoint name), so the server can check the same code.
import { defineEntity } from '../entity/define';
import { checkbox, date, lookup, number, ref, text, textarea } from '../entity/fields';

export const resource = defineEntity('baseResource', {
  area: 'system',
  service: 'base',
  table: 'base_resource',
  key: 'resourceId',
  parent: { entity: 'baseMenu', field: 'menuId' },
  display: 'resourceName',
  fields: {
    resourceCode: text({ required: true, max: 120, indexed: true }),
    resourceName: text({ required: true, max: 120, english: 'resourceNameEn' }),
    resourceNameEn: text({ max: 120 }),
    resIcon: text({ max: 60 }),
    seqNum: number({ min: 0, max: 99999 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['menuId', 'resourceCode']],
  list: {
    columns: ['resourceCode', 'resourceName', 'resourceNameEn', 'resIcon', 'seqNum', 'enabledFlag'],
    filters: [{ field: 'resourceCode', op: 'prefix' }, 'resourceName', 'enabledFlag'],
    sort: [{ field: 'seqNum', order: 'asc' }],
  },
});

export const menu = defineEntity('baseMenu', {
  area: 'system',
  service: 'base',
  table: 'base_menu',
  key: 'menuId',
  display: 'menuName',
  fields: {
    menuCode: text({ required: true, unique: true, max: 80, format: 'code' }),
    menuName: text({ required: true, max: 120, english: 'menuNameEn' }),
    menuNameEn: text({ max: 120 }),
    menuType: lookup('BASE_MENU_TYPE', { required: true, codes: ['DIR', 'MENU'], default: 'MENU' }),
    /** Route of the screen (the spec's htmlUrl), e.g. `srmBaseDistrictList`. */
    htmlUrl: text({ max: 240 }),
    imageLink: text({ max: 120 }),
    menuParentId: ref('baseMenu', { display: 'menuName', displayAs: 'parentMenuName' }),
    levelId: number({ min: 1, max: 9 }),
    seqNum: number({ min: 0, max: 99999 }),
    side: lookup('BASE_USER_TYPE', { required: true, codes: ['INTERNAL', 'EXTERNAL'], default: 'INTERNAL' }),
    systemCode: text({ max: 30, default: 'BASE' }),
    enabled: checkbox({ default: 'Y' }),
  },
  lines: { resources: resource },
  tree: { parent: 'menuParentId' },
  list: {
    columns: [
      'menuCode',
      'menuName',
      'menuNameEn',
      'menuType',
      'htmlUrl',
      'parentMenuName',
      'side',
      'seqNum',
      'enabled',
    ],
    filters: [{ field: 'menuCode', op: 'prefix' }, 'menuName', 'menuType', 'side', 'enabled'],
    sort: [{ field: 'seqNum', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'menuCode',
          'menuName',
          'menuNameEn',
          'menuType',
          'menuParentId',
          'htmlUrl',
          'imageLink',
          'levelId',
          'seqNum',
          'side',
          'systemCode',
          'enabled',
        ],
      },
    ],
  },
});

export const roleMenu = defineEntity('baseRoleMenu', {
  area: 'system',
  service: 'base',
  table: 'base_role_menu',
  key: 'roleMenuId',
  parent: { entity: 'baseRole', field: 'roleId' },
  fields: {
    menuId: ref('baseMenu', { required: true, display: 'menuName' }),
  },
  unique: [['roleId', 'menuId']],
  list: { columns: ['menuId', 'menuName'] },
});

export const roleResource = defineEntity('baseRoleResource', {
  area: 'system',
  service: 'base',
  table: 'base_role_resource',
  key: 'roleResourceId',
  parent: { entity: 'baseRole', field: 'roleId' },
  fields: {
    resourceId: ref('baseResource', { required: true, display: 'resourceName' }),
  },
  unique: [['roleId', 'resourceId']],
  list: { columns: ['resourceId', 'resourceName'] },
});

export const role = defineEntity('baseRole', {
  area: 'system',
  service: 'base',
  table: 'base_role',
  key: 'roleId',
  display: 'roleName',
  fields: {
    roleCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    roleName: text({ required: true, max: 120, english: 'roleNameEn' }),
    roleNameEn: text({ max: 120 }),
    description: textarea({ max: 1000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { menus: roleMenu, resources: roleResource },
  list: {
    columns: ['roleCode', 'roleName', 'roleNameEn', 'description', 'enabledFlag', 'lastUpdateDate'],
    filters: [{ field: 'roleCode', op: 'prefix' }, 'roleName', 'enabledFlag'],
    sort: [{ field: 'roleCode', order: 'asc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['roleCode', 'roleName', 'roleNameEn', 'enabledFlag', 'description'] },
    ],
  },
});

export const responsibilityRole = defineEntity('baseResponsibilityRole', {
  area: 'system',
  service: 'base',
  table: 'base_responsibility_role',
  key: 'responsibilityRoleId',
  parent: { entity: 'baseResponsibility', field: 'responsibilityId' },
  fields: {
    roleId: ref('baseRole', { required: true, display: 'roleName' }),
  },
  unique: [['responsibilityId', 'roleId']],
  list: { columns: ['roleId', 'roleName'] },
});

export const responsibility = defineEntity('baseResponsibility', {
  area: 'system',
  service: 'base',
  table: 'base_responsibility',
  key: 'responsibilityId',
  display: 'responsibilityName',
  fields: {
    responsibilityCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    responsibilityName: text({ required: true, max: 120, english: 'responsibilityNameEn' }),
    responsibilityNameEn: text({ max: 120 }),
    side: lookup('BASE_USER_TYPE', { required: true, codes: ['INTERNAL', 'EXTERNAL'], default: 'INTERNAL' }),
    description: textarea({ max: 1000 }),
    startDate: date(),
    endDate: date(),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { roles: responsibilityRole },
  list: {
    columns: [
      'responsibilityCode',
      'responsibilityName',
      'responsibilityNameEn',
      'side',
      'startDate',
      'endDate',
      'enabledFlag',
    ],
    filters: [{ field: 'responsibilityCode', op: 'prefix' }, 'responsibilityName', 'side', 'enabledFlag'],
    sort: [{ field: 'responsibilityCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'responsibilityCode',
          'responsibilityName',
          'responsibilityNameEn',
          'side',
          'startDate',
          'endDate',
          'enabledFlag',
          'description',
        ],
      },
    ],
  },
  rules: [
    (row) =>
      row.startDate && row.endDate && String(row.endDate) < String(row.startDate)
        ? { field: 'endDate', message: 'validation.rangeOrder' }
        : null,
  ],
});

export const accessEntities = [
  resource,
  menu,
  roleMenu,
  roleResource,
  role,
  responsibilityRole,
  responsibility,
];
