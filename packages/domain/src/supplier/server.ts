// Server-side behaviour of the supplier area.
import type { EntityActions } from '@srm/platform';
import { supplierRegisterActions } from './supplier-register.actions';
import { supplierSeeds } from './supplier.seed';

export const supplierActions: EntityActions[] = [supplierRegisterActions];
export { supplierSeeds };
