// Delivery on the server: the hooks and endpoints of delivery notes.
import type { EntityActions, Seed } from '@srm/platform';
import { asnActions } from './asn.actions';
import { deliverySeedList } from './delivery.seed';

export const deliveryActions: EntityActions[] = [asnActions];
export const deliverySeeds: Seed[] = deliverySeedList;
