// Demo administration: the menu tree the areas' manifests place their screens in, with each
// screen's buttons (resources derived from its entity's operations), the roles with the grants
// the manifests give them, responsibilities and the internal demo users (administrator, buyer,
// approver, finance). The supplier seeds add the supplier users. Menus earlier demo data placed
// and the manifests no longer hold are taken out of databases that have them.
import {
  type Catalogue,
  type EntityDef,
  type EntityRegistry,
  actionLabel,
  kernelMessages,
  menu,
  menuTree,
  resource,
  role,
  roleMenu,
  roleResource,
  roleGrants,
} from '@srm/kernel';
import { type Row, type SeedContext, dataApi, defineSeed } from '@srm/platform';
import { DEMO_PASSWORD } from '../supplier/server';

interface ResourcePlan {
  resourceCode: string;
  resourceName: string;
  resourceNameEn: string;
}

const OPERATION_NAMES: Record<string, [string, string]> = {
  view: ['查看', 'View'],
  save: ['保存', 'Save'],
  generate: ['生成', 'Generate'],
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
  /** The labels of actions and endpoints: every area's, where the caller has them. */
  messages: Catalogue = kernelMessages,
): ResourcePlan[] {
  const entity: EntityDef = registry.get(entityName);
  const operations = ['view'];
  const writable = entity.writableBy.length > 0;
  // Made by the platform but answered by a side (a statement's lines): saved, never created.
  const answered = [entity, ...Object.values(entity.lines)].some((def) =>
    Object.values(def.fields).some((field) => (field.writableBy?.length ?? 0) > 0),
  );
  if ((writable || answered) && !entity.parent) operations.push('save');
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
      resourceName: actionLabel(messages, 'zh-CN', entity.name, action),
      resourceNameEn: actionLabel(messages, 'en', entity.name, action),
    });
  }
  for (const endpoint of endpoints) {
    const [zh, en] = OPERATION_NAMES[endpoint] ?? [
      actionLabel(messages, 'zh-CN', entity.name, endpoint),
      actionLabel(messages, 'en', entity.name, endpoint),
    ];
    resources.push({ resourceCode: `${entity.name}.${endpoint}`, resourceName: zh, resourceNameEn: en });
  }
  return resources;
}

/** Endpoints that need their own button, besides the entity's operations and actions. */
function writeEndpoints(context: SeedContext, entity: string): string[] {
  const hooks = context.runtime.hooksOf(entity);
  const names = Object.entries(hooks.endpoints ?? {})
    .filter(([, endpoint]) => endpoint.resource === 'button')
    .map(([name]) => name);
  return entity === 'baseUser' ? [...names, 'resetPassword'] : names;
}

/** The menu tree of both sides, derived from the areas' manifests, with each screen's buttons. */
async function putMenus(context: SeedContext): Promise<void> {
  const areas = context.runtime.areas;
  const label = (locale: 'zh-CN' | 'en', code: string) => context.runtime.t(locale, `menu.${code}`);
  for (const [side, sideCode] of [
    ['internal', 'INTERNAL'],
    ['external', 'EXTERNAL'],
  ] as const) {
    let seq = 0;
    for (const directory of menuTree(areas, side)) {
      seq += 10;
      const directoryId = await context.put(
        'baseMenu',
        { menuCode: directory.code },
        {
          menuCode: directory.code,
          menuName: label('zh-CN', directory.code),
          menuNameEn: label('en', directory.code),
          menuType: 'DIR',
          htmlUrl: null,
          imageLink: directory.icon ?? null,
          menuParentId: null,
          levelId: 1,
          seqNum: seq,
          side: sideCode,
          enabled: 'Y',
          resources: [],
        },
        { resources: ['resourceCode'] },
      );
      let entrySeq = 0;
      for (const entry of directory.children) {
        entrySeq += 10;
        const resources = [
          ...(entry.entity
            ? entityResources(
                context.runtime.registry,
                entry.entity,
                writeEndpoints(context, entry.entity),
                context.runtime.messages(),
              )
            : []),
          ...(entry.resources ?? []).map((resourceCode) => {
            const [zh, en] = OPERATION_NAMES[resourceCode.split('.').pop()!] ?? [resourceCode, resourceCode];
            return { resourceCode, resourceName: zh, resourceNameEn: en };
          }),
        ].map((r, index) => ({ ...r, seqNum: (index + 1) * 10 }));
        await context.put(
          'baseMenu',
          { menuCode: entry.code },
          {
            menuCode: entry.code,
            menuName: label('zh-CN', entry.code),
            menuNameEn: label('en', entry.code),
            menuType: 'MENU',
            htmlUrl: entry.path,
            imageLink: null,
            menuParentId: directoryId,
            levelId: 2,
            seqNum: entrySeq,
            side: sideCode,
            enabled: 'Y',
            resources,
          },
          { resources: ['resourceCode'] },
        );
      }
    }
  }
}

/**
 * Menu entries the demo data once placed that no manifest holds any more: the developers' toolkit
 * galleries (组件示例, 开发工具 → 表格组件示例), which sat in every administrator's menu. Their screens
 * stay reachable by route (toolkitGallery, toolkit/grid) for developers, tests and benchmarks.
 * Entries before their directory.
 */
export const RETIRED_MENUS = ['SYS_TOOLKIT', 'DEV_TOOLKIT_GRID', 'DEV_TOOLKIT'] as const;

/**
 * Takes the retired entries out of a database an earlier demo seed wrote them into: out of every
 * role granting them or their buttons, then the entries with their buttons. A directory someone
 * put another entry under stays.
 */
async function retireMenus(context: SeedContext): Promise<void> {
  const data = context.data();
  const retired = await data.list(menu, { menuCode: [...RETIRED_MENUS] });
  if (!retired.length) return;
  const menuIds = new Set(retired.map((row) => row.menuId));
  const resourceIds = new Set(
    (await data.list(resource, { menuId: [...menuIds] })).map((row) => row.resourceId),
  );
  const roleIds = new Set([
    ...(await data.list(roleMenu, { menuId: [...menuIds] })).map((row) => row.roleId),
    ...(resourceIds.size
      ? (await data.list(roleResource, { resourceId: [...resourceIds] })).map((row) => row.roleId)
      : []),
  ]);
  for (const roleId of roleIds) {
    const found = await data.find(role, roleId);
    await data.save(role, {
      roleId,
      versionNum: found.versionNum,
      menus: found.menus
        .filter((line) => !menuIds.has(line.menuId))
        .map((line) => ({ roleMenuId: line.roleMenuId })),
      resources: found.resources
        .filter((line) => !resourceIds.has(line.resourceId))
        .map((line) => ({ roleResourceId: line.roleResourceId })),
    });
  }
  for (const code of RETIRED_MENUS) {
    const entry = retired.find((row) => row.menuCode === code);
    if (!entry) continue;
    const others = await data.list(menu, { menuParentId: entry.menuId }, { limit: 1 });
    if (!others.length) await data.remove(menu, [entry.menuId]);
  }
}

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
  {
    // What a supplier that quit keeps until its settlement is done (supplier-quit/quit-portal.ts).
    responsibilityCode: 'SUPPLIER_SETTLEMENT',
    responsibilityName: '供应商结算（已退出）',
    responsibilityNameEn: 'Supplier settlement (quit)',
    side: 'EXTERNAL',
    roles: ['SUPPLIER_SETTLEMENT'],
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
  // The menus' buttons, read typed through the data API on the platform's authority.
  const platform = dataApi(
    { actor: systemActor(), runtime: on, tx: on.executor(), now: on.clock.now() },
    'seed',
  );
  for (const { role, grants } of roleGrants(on.areas)) {
    const menus: Row[] = [];
    const resources: Row[] = [];
    for (const [menuCode, grant] of Object.entries(grants)) {
      const menuId = await context.idOf('baseMenu', { menuCode });
      menus.push({ menuId });
      const found = await platform.find(menu, menuId);
      for (const resource of found.resources) {
        const operation = resource.resourceCode.split('.').slice(1).join('.');
        if (grant === 'all' || grant.includes(operation)) resources.push({ resourceId: resource.resourceId });
      }
    }
    await context.put(
      'baseRole',
      { roleCode: role.code },
      {
        roleCode: role.code,
        roleName: on.t('zh-CN', `role.${role.code}`),
        roleNameEn: on.t('en', `role.${role.code}`),
        menus,
        resources,
      },
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
  defineSeed('admin.menus', putMenus),
  defineSeed('admin.retired-menus', retireMenus),
  defineSeed('admin.roles', putRoles),
  defineSeed('admin.users', putUsers),
];
