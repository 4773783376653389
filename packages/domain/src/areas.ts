// The business areas, one line each, in the order their demo data loads. Everything the server
// needs of them (definitions, labels, menus, grants) is derived from these manifests; the server
// parts are listed in areas.server.ts and the web parts in areas.screens.ts, in the same order
// (a test holds the three lists together).
import { type AreaManifest, areaEntities, areaMessages } from '@srm/kernel';
import { baseDataArea } from './base-data/area';
import { adminArea } from './admin/area';
import { supplierArea } from './supplier/area';
import { agreementsArea } from './agreements/area';
import { purchasingArea } from './purchasing/area';
import { sourcingArea } from './sourcing/area';
import { contractArea } from './contract/area';
import { deliveryArea } from './delivery/area';
import { receivingArea } from './receiving/area';
import { settlementArea } from './settlement/area';
import { planningArea } from './planning/area';
import { interfacesArea } from './interfaces/area';
import { schedulerArea } from './scheduler/area';
import { messagingArea } from './messaging/area';
import { noticeArea } from './notice/area';

export const areas: readonly AreaManifest[] = [
  baseDataArea,
  adminArea,
  supplierArea,
  agreementsArea,
  purchasingArea,
  sourcingArea,
  contractArea,
  deliveryArea,
  receivingArea,
  settlementArea,
  planningArea,
  schedulerArea,
  interfacesArea,
  messagingArea,
  noticeArea,
];

export const domainEntities = areaEntities(areas);
export const domainMessages = areaMessages(areas);
