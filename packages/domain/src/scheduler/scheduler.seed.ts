// The demo's programs and request groups: the buyer's responsibility may submit "close fully
// received orders" (with an organisation parameter); administrators may also purge old requests.
import { defineSeed } from '@srm/platform';

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
  }),
];
