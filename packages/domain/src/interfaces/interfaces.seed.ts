// The demo's interface definition, a draft an administrator makes effective: "send approved POs
// to the ERP" (the fake ERP of `npm run fake-erp` on 127.0.0.1:18080), with its field maps and a
// parameter (no secret: the build's demo snapshot is encrypted with no installation's key, so an
// administrator adds a token as a secret parameter on his own installation); and the program that purges the platform log, in a request group of the
// administrators.
import { defineSeed } from '@srm/platform';

export const interfacesSeeds = [
  defineSeed('interfaces.definitions', async (context) => {
    await context.put(
      'baseScsiDefinition',
      { definitionCode: 'PO_TO_ERP' },
      {
        definitionCode: 'PO_TO_ERP',
        definitionName: '发送已审批订单到ERP',
        definitionNameEn: 'Send approved POs to the ERP',
        targetSystem: 'ERP',
        triggerType: 'ACTION',
        businessEntity: 'srmPoHeader',
        triggerAction: 'doApproval',
        requestPath: '/api/po',
        httpMethod: 'POST',
        bodyFormat: 'JSON',
        authType: 'NONE',
        idempotencyKeyTemplate: 'PO-{poNumber}',
        orderingKeyTemplate: '{poNumber}',
        successPath: 'code',
        successValue: '0',
        retryLimit: 5,
        retryDelayMs: 2_000,
        retryMaxDelayMs: 60_000,
        description: '审批通过的采购订单发送到ERP，ERP返回的单号回写到订单的ERP订单号。',
        configs: [{ envCode: 'PROD', baseUrl: 'http://127.0.0.1:18080' }],
        reqMaps: [
          { lineNum: 1, targetPath: 'orderNo', sourceType: 'FIELD', sourcePath: 'poNumber' },
          { lineNum: 2, targetPath: 'supplier', sourceType: 'FIELD', sourcePath: 'supplierName' },
          {
            lineNum: 3,
            targetPath: 'orderDate',
            sourceType: 'FIELD',
            sourcePath: 'orderDate',
            transform: 'DATE_COMPACT',
          },
          { lineNum: 4, targetPath: 'biz_id', sourceType: 'KEY' },
          { lineNum: 10, targetPath: 'plant', sourceType: 'PARAMETER', sourcePath: 'plant' },
          { lineNum: 5, targetPath: 'items[].line', sourceType: 'FIELD', sourcePath: 'lines[].lineNum' },
          { lineNum: 6, targetPath: 'items[].item', sourceType: 'FIELD', sourcePath: 'lines[].itemCode' },
          { lineNum: 7, targetPath: 'items[].qty', sourceType: 'FIELD', sourcePath: 'lines[].quantity' },
          {
            lineNum: 8,
            targetPath: 'items[].price',
            sourceType: 'FIELD',
            sourcePath: 'lines[].unitPriceExclTax',
            transform: 'DECIMAL_SCALE',
            transformArg: '4',
          },
          {
            lineNum: 9,
            targetPath: 'items[].needBy',
            sourceType: 'FIELD',
            sourcePath: 'lines[].needByDate',
            transform: 'DATE_YMD',
          },
        ],
        resMaps: [{ lineNum: 1, responsePath: 'data.erpNo', targetField: 'erpPoNumber' }],
        parameters: [{ lineNum: 1, paramName: 'plant', paramValue: '1000', description: 'ERP 工厂代码' }],
      },
      { configs: ['envCode'], reqMaps: ['lineNum'], resMaps: ['lineNum'], parameters: ['paramName'] },
    );
  }),
  defineSeed('interfaces.programs', async (context) => {
    await context.put(
      'baseConcurrentProgram',
      { programCode: 'PURGE_SCSI_LOG' },
      {
        programCode: 'PURGE_SCSI_LOG',
        programName: '清理接口平台日志',
        programNameEn: 'Purge the interface platform log',
        moduleCode: 'SYS',
        executableName: 'PURGE_SCSI_LOG',
        retentionDays: 30,
        params: [
          {
            lineNum: 1,
            paramName: 'keepDays',
            paramLabel: '保留天数',
            paramLabelEn: 'Days kept',
            paramKind: 'NUMBER',
            defaultType: 'LITERAL',
            defaultValue: '90',
          },
        ],
      },
      { params: ['paramName'] },
    );
    await context.put(
      'baseRequestGroup',
      { groupCode: 'INTF_PROGRAMS' },
      {
        groupCode: 'INTF_PROGRAMS',
        groupName: '接口平台作业',
        maxActivePerUser: 0,
        programs: [
          {
            lineNum: 1,
            programId: await context.idOf('baseConcurrentProgram', { programCode: 'PURGE_SCSI_LOG' }),
          },
        ],
        responsibilities: [
          {
            lineNum: 1,
            responsibilityId: await context.idOf('baseResponsibility', { responsibilityCode: 'SYS_ADMIN' }),
          },
        ],
      },
      { programs: ['programId'], responsibilities: ['responsibilityId'] },
    );
  }),
];
