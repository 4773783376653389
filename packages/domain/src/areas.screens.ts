// The web parts of the business areas, one line each, in the order of areas.ts.
import type { AreaScreens } from '@srm/platform-ui';
import { baseDataWeb } from './base-data/area.screens';
import { adminWeb } from './admin/area.screens';
import { supplierWeb } from './supplier/area.screens';
import { agreementsWeb } from './agreements/area.screens';
import { purchasingWeb } from './purchasing/area.screens';
import { sourcingWeb } from './sourcing/area.screens';
import { contractWeb } from './contract/area.screens';
import { deliveryWeb } from './delivery/area.screens';
import { receivingWeb } from './receiving/area.screens';
import { settlementWeb } from './settlement/area.screens';
import { planningWeb } from './planning/area.screens';
import { interfacesWeb } from './interfaces/area.screens';
import { schedulerWeb } from './scheduler/area.screens';
import { messagingWeb } from './messaging/area.screens';
import { noticeWeb } from './notice/area.screens';

export const webAreas: readonly AreaScreens[] = [
  baseDataWeb,
  adminWeb,
  supplierWeb,
  agreementsWeb,
  purchasingWeb,
  sourcingWeb,
  contractWeb,
  deliveryWeb,
  receivingWeb,
  settlementWeb,
  planningWeb,
  schedulerWeb,
  interfacesWeb,
  messagingWeb,
  noticeWeb,
];

/** Every area's screens, for the web's registry. */
export const domainScreens = webAreas.flatMap((area) => area.screens);
/** Every area's labels, for the shell (menus and tabs before any screen loads), per language. */
export const domainLabels = webAreas.map((area) => area.labels);
