// The demo's programs and request groups: the buyer's responsibility may submit "close fully
// received orders" (with an organisation parameter); administrators may also purge old requests.
import { defineSeed } from '@srm/platform';
import { MAX_ACTIVE_PROFILE } from './request/request.endpoints';

export const schedulerSeeds = [
  defineSeed('scheduler.programs', async (context) => {
    await context.put(
      'baseConcurrentProgram',
      { programCode: 'PO_AUTO_CLOSE' },
      {
        programCode: 'PO_AUTO_CLOSE',
        programName: '关闭已全部收货的订单',
        programNameEn: 'Close fully received orders',
        moduleCode: 'PUR',
        executableName: 'PO_AUTO_CLOSE',
        outputType: 'CSV',
        timeoutSeconds: 1800,
        retryLimit: 2,
        retryDelaySeconds: 30,
        retrySafe: 'Y',
        retentionDays: 30,
        params: [
          {
            lineNum: 1,
            paramName: 'orgId',
            paramLabel: '业务实体',
            paramLabelEn: 'Organisation',
            paramKind: 'REF',
            refEntity: 'srmBaseOrg',
            defaultType: 'USER_ORG',
          },
        ],
      },
      { params: ['paramName'] },
    );
    await context.put(
      'baseConcurrentProgram',
      { programCode: 'PURGE_REQUESTS' },
      {
        programCode: 'PURGE_REQUESTS',
        programName: '清理已完成请求',
        programNameEn: 'Purge completed requests',
        moduleCode: 'SYS',
        executableName: 'PURGE_REQUESTS',
        runAlone: 'N',
        retentionDays: 90,
      },
    );
    await context.put(
      'baseConcurrentProgram',
      { programCode: 'STL_ORDER_PAYABLE_XLSX' },
      {
        programCode: 'STL_ORDER_PAYABLE_XLSX',
        programName: '订单应付报表（Excel）',
        programNameEn: 'Order payables (Excel)',
        moduleCode: 'STL',
        executableName: 'RUN_REPORT',
        outputType: 'XLSX',
        parallelFlag: 'Y',
        timeoutSeconds: 1800,
        retentionDays: 30,
        description: '按提交人的数据范围导出订单应付报表；条件为 JSON，例如 {"openOnly":"Y"}',
        params: [
          {
            lineNum: 1,
            paramName: 'reportEndpoint',
            paramLabel: '报表',
            paramLabelEn: 'Report',
            paramKind: 'TEXT',
            requiredFlag: 'Y',
            defaultType: 'LITERAL',
            defaultValue: 'srmStlLedger/orderPayableReport',
          },
          {
            lineNum: 2,
            paramName: 'reportFilters',
            paramLabel: '查询条件（JSON）',
            paramLabelEn: 'Filters (JSON)',
            paramKind: 'TEXT',
            defaultType: 'LITERAL',
            defaultValue: '{}',
          },
        ],
      },
      { params: ['paramName'] },
    );
  }),
  defineSeed('scheduler.request-sets', async (context) => {
    const program = (code: string) => context.idOf('baseConcurrentProgram', { programCode: code });
    await context.put(
      'baseRequestSet',
      { setCode: 'NIGHTLY_HOUSEKEEPING' },
      {
        setCode: 'NIGHTLY_HOUSEKEEPING',
        setName: '夜间整理',
        setNameEn: 'Nightly housekeeping',
        priority: 60,
        description: '先关闭已全部收货的订单，再清理过期的已完成请求',
        stages: [
          { stageNum: 1, programId: await program('PO_AUTO_CLOSE'), stageRule: 'ON_ANY' },
          { stageNum: 2, programId: await program('PURGE_REQUESTS'), stageRule: 'ON_NORMAL' },
        ],
      },
      { stages: ['stageNum'] },
    );
  }),
  // Company-wide, each user has at most 50 requests waiting or running (the groups may say fewer).
  defineSeed('scheduler.active-cap', async (context) => {
    const key = { profileCode: MAX_ACTIVE_PROFILE, orgId: null };
    await context.put('srmBaseConfigProfile', key, {
      ...key,
      profileName: '每个用户同时活动的请求上限',
      profileValue: '50',
      valueType: 'NUMBER',
      description: '一个用户等待或运行中的请求最多这么多个（0：不限）；请求组的上限更低时以请求组为准',
    });
  }),
  defineSeed('scheduler.request-groups', async (context) => {
    const program = (code: string) => context.idOf('baseConcurrentProgram', { programCode: code });
    const responsibility = (code: string) => context.idOf('baseResponsibility', { responsibilityCode: code });
    await context.put(
      'baseRequestGroup',
      { groupCode: 'PUR_PROGRAMS' },
      {
        groupCode: 'PUR_PROGRAMS',
        groupName: '采购作业',
        maxActivePerUser: 20,
        programs: [{ lineNum: 1, programId: await program('PO_AUTO_CLOSE') }],
        responsibilities: [
          { lineNum: 1, responsibilityId: await responsibility('BUYER') },
          { lineNum: 2, responsibilityId: await responsibility('SYS_ADMIN') },
        ],
      },
      { programs: ['programId'], responsibilities: ['responsibilityId'] },
    );
    await context.put(
      'baseRequestGroup',
      { groupCode: 'SYS_PROGRAMS' },
      {
        groupCode: 'SYS_PROGRAMS',
        groupName: '系统作业',
        maxActivePerUser: 0,
        programs: [{ lineNum: 1, programId: await program('PURGE_REQUESTS') }],
        responsibilities: [{ lineNum: 1, responsibilityId: await responsibility('SYS_ADMIN') }],
      },
      { programs: ['programId'], responsibilities: ['responsibilityId'] },
    );
    await context.put(
      'baseRequestGroup',
      { groupCode: 'STL_PROGRAMS' },
      {
        groupCode: 'STL_PROGRAMS',
        groupName: '结算作业',
        maxActivePerUser: 10,
        programs: [{ lineNum: 1, programId: await program('STL_ORDER_PAYABLE_XLSX') }],
        // Administrators; a role given 提交请求 (finance, say) is added here by an administrator.
        responsibilities: [{ lineNum: 1, responsibilityId: await responsibility('SYS_ADMIN') }],
      },
      { programs: ['programId'], responsibilities: ['responsibilityId'] },
    );
  }),
];
