// Demo administration: the menu tree of the menu plan with each screen's buttons (resources
// derived from its entity's operations), roles, responsibilities and the internal demo users
// (administrator, buyer, approver, finance). The supplier seeds add the supplier users.
import { type EntityDef, type EntityRegistry, actionLabel, kernelMessages } from '@srm/kernel';
import { type Row, type SeedContext, defineSeed } from '@srm/platform';
import { DEMO_PASSWORD } from '../supplier/supplier.seed';
import { type MenuPlanEntry, menuPlan } from '../menus';

interface ResourcePlan {
  resourceCode: string;
  resourceName: string;
  resourceNameEn: string;
}

const OPERATION_NAMES: Record<string, [string, string]> = {
  view: ['查看', 'View'],
  save: ['保存', 'Save'],
  delete: ['删除', 'Delete'],
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
  resetPassword: ['重置密码', 'Reset password'],
  reassign: ['重新指派', 'Reassign'],
};

/** The buttons of a screen showing an entity: its operations, actions and endpoints. */
export function entityResources(
  registry: EntityRegistry,
  entityName: string,
  endpoints: readonly string[],
): ResourcePlan[] {
  const entity: EntityDef = registry.get(entityName);
  const operations = ['view'];
  const writable = entity.writableBy.length > 0;
  if (writable && !entity.parent) operations.push('save');
  const deletable =
    !entity.workflow || (entity.workflow.deletableIn ?? entity.workflow.editableIn).length > 0;
  if (writable && !entity.parent && deletable) operations.push('delete');
  operations.push('export');
  if (writable && !entity.parent) operations.push('import');
  const resources: ResourcePlan[] = operations.map((operation) => ({
    resourceCode: `${entity.name}.${operation}`,
    resourceName: OPERATION_NAMES[operation]![0],
    resourceNameEn: OPERATION_NAMES[operation]![1],
  }));
  for (const [action, definition] of Object.entries(entity.workflow?.actions ?? {})) {
    if (definition.system) continue;
    resources.push({
      resourceCode: definition.resource ?? `${entity.name}.${action}`,
      resourceName: actionLabel(kernelMessages, 'zh-CN', entity.name, action),
      resourceNameEn: actionLabel(kernelMessages, 'en', entity.name, action),
    });
  }
  for (const endpoint of endpoints) {
    const [zh, en] = OPERATION_NAMES[endpoint] ?? [endpoint, endpoint];
    resources.push({ resourceCode: `${entity.name}.${endpoint}`, resourceName: zh, resourceNameEn: en });
  }
  return resources;
}

/** Endpoints that need their own button, besides the entity's operations and actions. */
function writeEndpoints(context: SeedContext, entity: string): string[] {
  const hooks = context.runtime.hooksOf(entity);
  const names = Object.entries(hooks.endpoints ?? {})
    .filter(([, endpoint]) => !endpoint.read && !endpoint.public)
    .map(([name]) => name);
  return entity === 'baseUser' ? [...names, 'resetPassword'] : names;
}

async function putMenus(
  context: SeedContext,
  entries: readonly MenuPlanEntry[],
  side: 'INTERNAL' | 'EXTERNAL',
  parentId: number | null,
  level: number,
) {
  let seq = 0;
  for (const entry of entries) {
    seq += 10;
    const resources = [
      ...(entry.entity
        ? entityResources(context.runtime.registry, entry.entity, writeEndpoints(context, entry.entity))
        : []),
      ...(entry.resources ?? []).map((resourceCode) => {
        const [zh, en] = OPERATION_NAMES[resourceCode.split('.').pop()!] ?? [resourceCode, resourceCode];
        return { resourceCode, resourceName: zh, resourceNameEn: en };
      }),
    ].map((r, index) => ({ ...r, seqNum: (index + 1) * 10 }));
    const row: Row = {
      menuCode: entry.code,
      menuName: entry.name,
      menuNameEn: entry.nameEn,
      menuType: entry.children ? 'DIR' : 'MENU',
      htmlUrl: entry.path ?? null,
      imageLink: entry.icon ?? null,
      menuParentId: parentId,
      levelId: level,
      seqNum: seq,
      side,
      enabled: 'Y',
      resources,
    };
    const menuId = await context.put('baseMenu', { menuCode: entry.code }, row, {
      resources: ['resourceCode'],
    });
    if (entry.children) await putMenus(context, entry.children, side, menuId, level + 1);
  }
}

interface RolePlan {
  roleCode: string;
  roleName: string;
  roleNameEn: string;
  side: 'INTERNAL' | 'EXTERNAL';
  /** Menu codes granted, with their buttons: all, or only the listed operations (`view`, `save`…). */
  grants: Record<string, 'all' | readonly string[]>;
}

const allOf = (entries: readonly MenuPlanEntry[]): Record<string, 'all'> =>
  Object.fromEntries(
    entries.flatMap((entry) => [
      ...(entry.path ? [[entry.code, 'all' as const]] : []),
      ...Object.entries(allOf(entry.children ?? [])),
    ]),
  );

const viewOf = (entries: readonly MenuPlanEntry[]): Record<string, readonly string[]> =>
  Object.fromEntries(Object.keys(allOf(entries)).map((code) => [code, ['view', 'export']]));

/** What an author of documents may do: everything but approving them. */
const authorOf = (entries: readonly MenuPlanEntry[]): Record<string, readonly string[]> =>
  Object.fromEntries(
    Object.keys(allOf(entries)).map((code) => [
      code,
      [
        'view',
        'save',
        'delete',
        'export',
        'import',
        'doSubmit',
        'doPublish',
        'doWithdraw',
        'doInvalid',
        'doChange',
        'doAdjust',
        'doClose',
        'doCancel',
        'checkPriceChange',
        'splitQuota',
      ],
    ]),
  );

const menuDir = (code: string): MenuPlanEntry => menuPlan.internal.find((entry) => entry.code === code)!;
/** Every internal user's own approval lists. */
const myWork = {
  BPM_MY_APPROVAL: ['view'],
  BPM_HANDLED: ['view'],
  BPM_MY_PROCESSES: ['view'],
  BPM_MESSAGES: ['view'],
} as const;
const [supplierMenus, baseDataMenus, sourceMenus, planMenus] = [
  menuDir('SUPPLIER'),
  menuDir('BASE_DATA'),
  menuDir('PUR_SOURCE'),
  menuDir('PUR_PLAN'),
];
const purchasingMenus = menuDir('PURCHASING');
const receivingMenus = menuDir('RECEIVING');
// 'save': the supplier writes its answer (promised or proposed dates) on the lines before acting.
const SUPPLIER_ORDER_BUTTONS = [
  'view',
  'save',
  'export',
  'doSupplierConfirm',
  'doSupplierPropose',
  'printPdf',
];

export const ROLES: readonly RolePlan[] = [
  {
    roleCode: 'SYS_ADMIN',
    roleName: '系统管理员',
    roleNameEn: 'System administrator',
    side: 'INTERNAL',
    grants: allOf(menuPlan.internal),
  },
  {
    roleCode: 'BUYER',
    roleName: '采购员',
    roleNameEn: 'Buyer',
    side: 'INTERNAL',
    grants: {
      ...viewOf([baseDataMenus]),
      ...allOf([supplierMenus]),
      ...authorOf([sourceMenus, planMenus]),
      ...allOf([purchasingMenus, receivingMenus]),
      PUR_BILL_TYPE: ['view', 'export'],
      BASE_ITEM: 'all',
      BASE_DELIVERY_INFO: 'all',
      ...myWork,
    },
  },
  {
    roleCode: 'PURCHASE_MANAGER',
    roleName: '采购经理',
    roleNameEn: 'Purchasing manager',
    side: 'INTERNAL',
    grants: {
      ...viewOf([baseDataMenus, supplierMenus]),
      SUPPLIER_REGISTRATION: ['view', 'export', 'doApproval', 'doReject'],
      ...viewOf([sourceMenus]),
      PUR_ASL_APPLY: ['view', 'export', 'doApproval', 'doReject'],
      PUR_ASL_ALTERATION: ['view', 'export', 'doApproval', 'doReject'],
      PUR_AGREEMENT: ['view', 'export', 'doApproval', 'doReject', 'checkPriceChange', 'splitQuota'],
      ...viewOf([planMenus]),
      ...viewOf([purchasingMenus, receivingMenus]),
      PUR_REQUISITION: ['view', 'export', 'doApproval', 'doReject', 'doReturn', 'doClose'],
      PUR_ORDER: ['view', 'export', 'doApproval', 'doReject', 'printPdf'],
      PUR_BILL_TYPE: 'all',
      ...myWork,
    },
  },
  {
    roleCode: 'FINANCE',
    roleName: '财务',
    roleNameEn: 'Finance',
    side: 'INTERNAL',
    grants: {
      ...viewOf([baseDataMenus, supplierMenus]),
      BASE_CURRENCY: 'all',
      BASE_EXCHANGE_RATE: 'all',
      BASE_PAYMENT_TERM: 'all',
      ...viewOf([receivingMenus]),
      // Finance reviews requisitions, orders and agreements as an approver (the second node of
      // a template: an agreement whose price moved more than five percent).
      PUR_REQUISITION: ['view'],
      PUR_ORDER: ['view'],
      PUR_AGREEMENT: ['view', 'export', 'checkPriceChange'],
      ...myWork,
    },
  },
  {
    roleCode: 'SUPPLIER_PORTAL',
    roleName: '供应商门户',
    roleNameEn: 'Supplier portal',
    side: 'EXTERNAL',
    grants: {
      EXT_SUPPLIER_INFO: ['view', 'save'],
      EXT_PUR_ASL: ['view'],
      EXT_SUPPLIER_CATEGORY_ORG: ['view'],
      EXT_PUR_AGREEMENT: ['view', 'export'],
      EXT_PUR_FORECAST: ['view', 'save', 'export', 'doApproval', 'doRefuse'],
      EXT_PUR_DELIVERY_PLAN: ['view', 'save', 'export', 'doConfirm'],
      EXT_PUR_ORDER_CONFIRM: SUPPLIER_ORDER_BUTTONS,
      EXT_PUR_ORDER: SUPPLIER_ORDER_BUTTONS,
      EXT_BPM_PENDING: ['view'],
      EXT_BPM_HANDLED: ['view'],
      EXT_MESSAGES: ['view'],
      EXT_PUR_DELIVERY_NOTICE: ['view', 'save', 'export', 'doConfirm', 'createAsn'],
      EXT_PUR_PRODUCTION_PLAN: ['view', 'save', 'delete', 'export', 'import'],
      EXT_PUR_ASN: [
        'view',
        'save',
        'delete',
        'doSubmit',
        'doCancel',
        'doClose',
        'openOrderLines',
        'createFromOrderLines',
      ],
      EXT_PUR_ASN_BATCH_TEMP: ['view', 'save', 'delete', 'addLines', 'generateAsn'],
      EXT_PUR_ASN_BARCODE: ['view', 'export'],
      EXT_PUR_RECEIVE: ['view', 'export'],
      EXT_PUR_TRANSACTIONS: ['view', 'export'],
    },
  },
];

const RESPONSIBILITIES = [
  {
    responsibilityCode: 'SYS_ADMIN',
    responsibilityName: '系统管理员',
    responsibilityNameEn: 'System administrator',
    side: 'INTERNAL',
    roles: ['SYS_ADMIN'],
  },
  {
    responsibilityCode: 'BUYER',
    responsibilityName: '采购员',
    responsibilityNameEn: 'Buyer',
    side: 'INTERNAL',
    roles: ['BUYER'],
  },
  {
    responsibilityCode: 'PURCHASE_MANAGER',
    responsibilityName: '采购经理',
    responsibilityNameEn: 'Purchasing manager',
    side: 'INTERNAL',
    roles: ['PURCHASE_MANAGER'],
  },
  {
    responsibilityCode: 'FINANCE',
    responsibilityName: '财务',
    responsibilityNameEn: 'Finance',
    side: 'INTERNAL',
    roles: ['FINANCE'],
  },
  {
    responsibilityCode: 'SUPPLIER_PORTAL',
    responsibilityName: '供应商门户',
    responsibilityNameEn: 'Supplier portal',
    side: 'EXTERNAL',
    roles: ['SUPPLIER_PORTAL'],
  },
] as const;

export interface DemoUser {
  userName: string;
  userFullName: string;
  email: string;
  mobile: string;
  responsibilities: readonly string[];
  allOrgs: boolean;
  /** Codes of organisations permitted (when not all). */
  orgCodes?: readonly string[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userName: 'admin',
    userFullName: '系统管理员',
    email: 'admin@demo.srm.example.cn',
    mobile: '13800000001',
    responsibilities: ['SYS_ADMIN'],
    allOrgs: true,
  },
  {
    userName: 'buyer',
    userFullName: '张伟',
    email: 'zhangwei@demo.srm.example.cn',
    mobile: '13800000002',
    responsibilities: ['BUYER'],
    allOrgs: false,
  },
  {
    userName: 'approver',
    userFullName: '李娜',
    email: 'lina@demo.srm.example.cn',
    mobile: '13800000003',
    responsibilities: ['PURCHASE_MANAGER'],
    allOrgs: true,
  },
  {
    userName: 'finance',
    userFullName: '王芳',
    email: 'wangfang@demo.srm.example.cn',
    mobile: '13800000004',
    responsibilities: ['FINANCE'],
    allOrgs: true,
  },
];

async function putRoles(context: SeedContext): Promise<void> {
  const on = context.runtime;
  for (const plan of ROLES) {
    const menus: Row[] = [];
    const resources: Row[] = [];
    for (const [menuCode, grant] of Object.entries(plan.grants)) {
      const menuId = await context.idOf('baseMenu', { menuCode });
      menus.push({ menuId });
      const menu = await on.service('baseMenu').find({ ...systemActor(), locale: 'zh-CN' }, menuId);
      for (const resource of menu.resources as Row[]) {
        const operation = String(resource.resourceCode).split('.').slice(1).join('.');
        if (grant === 'all' || grant.includes(operation)) resources.push({ resourceId: resource.resourceId });
      }
    }
    await context.put(
      'baseRole',
      { roleCode: plan.roleCode },
      { roleCode: plan.roleCode, roleName: plan.roleName, roleNameEn: plan.roleNameEn, menus, resources },
      { menus: ['menuId'], resources: ['resourceId'] },
    );
  }
  for (const responsibility of RESPONSIBILITIES) {
    const roles: Row[] = [];
    for (const roleCode of responsibility.roles)
      roles.push({ roleId: await context.idOf('baseRole', { roleCode }) });
    const { roles: _roles, ...fields } = responsibility;
    void _roles;
    await context.put(
      'baseResponsibility',
      { responsibilityCode: responsibility.responsibilityCode },
      { ...fields, roles },
      { roles: ['roleId'] },
    );
  }
}

function systemActor() {
  return {
    userId: null,
    userName: 'system',
    side: 'internal' as const,
    supplierId: null,
    orgIds: 'all' as const,
    categoryIds: 'all' as const,
    locale: 'zh-CN' as const,
    system: true,
  };
}

async function putUsers(context: SeedContext): Promise<void> {
  const orgCodes = ['C100', 'OU100', 'P110', 'P120'];
  for (const demo of DEMO_USERS) {
    const responsibilities: Row[] = [];
    for (const [index, code] of demo.responsibilities.entries()) {
      responsibilities.push({
        responsibilityId: await context.idOf('baseResponsibility', { responsibilityCode: code }),
        defaultFlag: index === 0 ? 'Y' : 'N',
      });
    }
    const orgPermits: Row[] = [];
    if (!demo.allOrgs) {
      for (const orgCode of demo.orgCodes ?? orgCodes) {
        const orgId = await context.findId('srmBaseOrg', { orgCode });
        if (orgId) orgPermits.push({ orgId });
      }
    }
    const existing = await context.findId('baseUser', { userName: demo.userName });
    const userId = await context.put(
      'baseUser',
      { userName: demo.userName },
      {
        userName: demo.userName,
        userFullName: demo.userFullName,
        userType: 'INTERNAL',
        email: demo.email,
        mobile: demo.mobile,
        languageCode: 'CN',
        allOrgsFlag: demo.allOrgs ? 'Y' : 'N',
        allCategoriesFlag: 'Y',
        responsibilities,
        orgPermits,
      },
      { responsibilities: ['responsibilityId'], orgPermits: ['orgId'] },
    );
    if (existing === null) await context.runtime.plugins.identity!.setPassword(userId, DEMO_PASSWORD);
  }
}

export const adminSeeds = [
  defineSeed('admin.menus', async (context) => {
    await putMenus(context, menuPlan.internal, 'INTERNAL', null, 1);
    await putMenus(context, menuPlan.external, 'EXTERNAL', null, 1);
  }),
  defineSeed('admin.roles', putRoles),
  defineSeed('admin.users', putUsers),
];
