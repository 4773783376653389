// Outbound interfaces (接口平台, spec SCSI): definitions of calls to target systems (ERP, SAP, OA,
// U8, chat) with their request configuration, field maps and parameters; the outbox the calls
// wait in; and the platform log of every attempt. The area's manifest: entities, labels, menus.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { scsiDefinition } from './definition/definition.entity';
import {
  scsiParameter,
  scsiReqFieldMap,
  scsiRequestConfig,
  scsiResFieldMap,
} from './definition/definition-lines.entity';
import { scsiOutbox } from './outbox/outbox.entity';
import { scsiPlatformLog } from './platform-log/platform-log.entity';

export const interfacesArea = defineArea({
  name: 'interfaces',
  entities: [
    scsiDefinition,
    scsiRequestConfig,
    scsiReqFieldMap,
    scsiResFieldMap,
    scsiParameter,
    scsiOutbox,
    scsiPlatformLog,
  ],
  messages: { 'zh-CN': zhCN, en },
  directories: [{ code: 'INTERFACES', side: 'internal', icon: 'api', order: 88 }],
  menus: [
    {
      code: 'INTF_DEFINITION',
      side: 'internal',
      under: 'INTERFACES',
      path: 'scsiDefinitionList',
      entity: 'baseScsiDefinition',
      order: 10,
    },
    {
      code: 'INTF_OUTBOX',
      side: 'internal',
      under: 'INTERFACES',
      path: 'scsiOutboxList',
      entity: 'baseScsiOutbox',
      order: 20,
    },
    {
      code: 'INTF_LOG',
      side: 'internal',
      under: 'INTERFACES',
      path: 'scsiPlatformLogList',
      entity: 'baseScsiPlatformLog',
      order: 30,
    },
  ],
});
