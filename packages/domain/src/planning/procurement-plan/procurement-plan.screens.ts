// Screens of procurement plans (web, buyer side).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const procurementPlanScreens: ScreenEntry[] = entityScreens(
  'planning',
  'srmPurProcurementPlan',
  () => import('./procurement-plan.entity').then((m) => m.procurementPlan),
  { list: 'procurementPlanList', edit: 'procurementPlanEdit' },
);
