// Screens of outbound interfaces (web): definitions with their request configuration, maps and
// parameters; the outbox; the platform log.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { definitionButtons } from './definition/definition.buttons';

const definitions = () => import('./index');

export const interfacesScreens: ScreenEntry[] = [
  ...entityScreens('interfaces', 'baseScsiDefinition', () => definitions().then((m) => m.scsiDefinition), {
    list: 'scsiDefinitionList',
    edit: 'scsiDefinition/scsiDefinitionEdit',
    editButtons: definitionButtons,
  }),
  ...entityScreens('interfaces', 'baseScsiOutbox', () => definitions().then((m) => m.scsiOutbox), {
    list: 'scsiOutboxList',
    edit: 'scsiOutboxDetail',
  }),
  ...entityScreens('interfaces', 'baseScsiPlatformLog', () => definitions().then((m) => m.scsiPlatformLog), {
    list: 'scsiPlatformLogList',
    edit: 'scsiPlatformLogDetail',
  }),
];
