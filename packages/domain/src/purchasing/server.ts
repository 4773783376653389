// Purchasing on the server: the hooks and endpoints of requisitions and orders, and demo data.
import type { EntityActions, Seed } from '@srm/platform';
import { requisitionActions } from './requisition.actions';
import { orderActions } from './order.actions';
import { purchasingSeedList } from './purchasing.seed';

export const purchasingActions: EntityActions[] = [requisitionActions, orderActions];
export const purchasingSeeds: Seed[] = purchasingSeedList;
