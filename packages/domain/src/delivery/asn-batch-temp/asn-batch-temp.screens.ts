// Screen of batch temporary (批量暂存, ADR 0010, web): the supplier's staging rows of delivery notes
// created in bulk, in their own editable grid; the menu's buttons are the entity's operations.
import { type ScreenEntry, customScreen } from '@srm/platform-ui';

export const asnBatchTempScreens: ScreenEntry[] = [
  {
    ...customScreen(
      'delivery',
      'supplierAsnBatchTempEdit',
      'entity.srmPurAsnBatchTemp',
      () => import('./AsnBatchTempScreen'),
    ),
    entityName: 'srmPurAsnBatchTemp',
  },
];
