// Screens of organisation relations (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const orgRelationScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBaseOrgRelation',
  () => import('./org-relation.entity').then((m) => m.orgRelation),
  { list: 'orgAssociationList', edit: 'orgAssociationEdit' },
);
