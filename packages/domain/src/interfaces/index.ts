// Outbound interfaces' definitions, for other areas and its screens.
export { interfacesArea } from './area';
export { scsiDefinition } from './definition/definition.entity';
export {
  scsiParameter,
  scsiReqFieldMap,
  scsiRequestConfig,
  scsiResFieldMap,
} from './definition/definition-lines.entity';
export { scsiOutbox } from './outbox/outbox.entity';
export { scsiPlatformLog } from './platform-log/platform-log.entity';
